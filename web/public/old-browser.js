// Runs in every browser, before the game's own script (which needs a 2022 browser and
// simply would not run in an older one): shows the "very old browser" notice where a
// feature the game needs is missing. Written for old browsers: no modern syntax.
(function () {
  var ok =
    typeof WebSocket === 'function' &&
    typeof Array.prototype.at === 'function' &&
    typeof Object.hasOwn === 'function' &&
    typeof window.CSS === 'object' &&
    typeof CSS.supports === 'function' &&
    CSS.supports('width', 'min(1px, 2px)');
  if (ok) return;
  var notice = document.getElementById('old-browser');
  if (notice) notice.removeAttribute('hidden');
  var root = document.getElementById('root');
  if (root) root.setAttribute('hidden', '');
})();
