// Runs as a blocking classic script in <head>, before the first paint, so a page never flashes
// the wrong colour scheme. It mirrors what Mantine's localStorageColorSchemeManager stores
// (key and values) and what MantineProvider later sets on <html>. CSP forbids inline scripts,
// hence a file.
(function () {
  var value = 'auto';
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    if (stored === 'light' || stored === 'dark' || stored === 'auto') value = stored;
  } catch (error) {
    // Storage can be blocked (privacy settings); fall back to the system preference.
  }
  var systemDark =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches;
  var dark = value === 'dark' || (value === 'auto' && systemDark);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();
