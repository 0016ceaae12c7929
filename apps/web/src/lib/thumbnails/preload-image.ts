/**
 * Starts downloading a picture at once, so that the `<img>` rendered a moment later finds it in the
 * browser's memory cache: the thumbnails of a result page load while React is still drawing the cards.
 */
export function preloadImage(url: string): void {
  if (typeof Image === 'undefined') return;
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
}
