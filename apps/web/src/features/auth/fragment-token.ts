// Emailed links carry their token in the URL fragment (`#token=…`), which browsers never send to
// a server or in a Referer. Read it once, then drop it from the address bar and history.

export function readFragmentToken(hash: string = window.location.hash): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.length >= 20 ? token : null;
}

export function forgetFragment(): void {
  if (window.location.hash) {
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname + window.location.search,
    );
  }
}
