// The home page's first paint comes before any JavaScript: the build writes its markup into
// index.html (scripts/prerender-home.ts), in #prerendered beside an empty, hidden #root. The app
// takes over once its own first screen is in place, before the browser paints it, so the page never
// goes blank and nothing moves: the home page as it commits, any other path at once (index.html's
// head script already hid the prerendered home there), and the "could not load" screen if the
// home page's chunk failed.

/** Removes the prerendered home and shows the app's root. Does nothing once done (or in tests). */
export function takeOverFirstPaint(): void {
  document.getElementById('prerendered')?.remove();
  document.getElementById('root')?.removeAttribute('hidden');
}
