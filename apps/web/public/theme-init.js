// Runs before first paint: applies the stored theme (light, dark or system) and language.
// On the prerendered pages (`/`, `/about`) the server has already written the page in the
// language of the `language` cookie; if the stored choice says otherwise, the cookie is put
// right and the page loaded again, once.
(function () {
  var root = document.documentElement;
  var theme = 'system';
  var language = 'en';
  try {
    theme = localStorage.getItem('theme') || 'system';
    language = localStorage.getItem('language') === 'ar' ? 'ar' : 'en';
  } catch (e) {
    /* storage may be unavailable; defaults apply */
  }
  var isDark =
    theme === 'dark' ||
    (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', isDark);
  root.style.colorScheme = isDark ? 'dark' : 'light';
  if (!root.hasAttribute('data-prerendered')) {
    root.lang = language;
    root.dir = language === 'ar' ? 'rtl' : 'ltr';
    // The installed app's name and direction follow the language too.
    var manifest = document.querySelector('link[rel="manifest"]');
    if (manifest && language === 'ar') manifest.setAttribute('href', '/manifest.ar.webmanifest');
    return;
  }
  var reloadKey = 'language-reload';
  try {
    if (root.lang === language) {
      sessionStorage.removeItem(reloadKey);
    } else if (sessionStorage.getItem(reloadKey) !== language) {
      // Once per mismatch: without cookies, or with a server that ignores them, the page stays
      // as sent rather than reloading for ever.
      sessionStorage.setItem(reloadKey, language);
      document.cookie = 'language=' + language + '; Path=/; Max-Age=31536000; SameSite=Lax';
      root.style.visibility = 'hidden';
      location.reload();
    }
  } catch (e) {
    /* without storage there is no stored choice to honour */
  }
})();
