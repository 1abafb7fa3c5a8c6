// Runs before first paint: applies the stored theme (light, dark or system) and language.
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
  root.lang = language;
  root.dir = language === 'ar' ? 'rtl' : 'ltr';
})();
