import { escapeHtml } from '../../platform/html.ts';

export interface PlayerPageOptions {
  title: string;
  videoUrl: string;
  mediaType: string;
  posterUrl?: string;
}

/**
 * The HTML5 player shown in the portal's viewer iframe: dark, filling the frame, no script (the
 * browser's own controls; seeking uses range requests on the signed video URL).
 */
export function videoPlayerPage({ title, videoUrl, mediaType, posterUrl }: PlayerPageOptions): string {
  const poster = posterUrl ? ` poster="${escapeHtml(posterUrl)}"` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>
  html, body { margin: 0; height: 100%; background: #000; color: #ddd; font-family: system-ui, sans-serif; }
  video { display: block; width: 100%; height: 100%; object-fit: contain; background: #000; }
</style>
</head>
<body>
<video controls autoplay playsinline preload="metadata"${poster}>
  <source src="${escapeHtml(videoUrl)}" type="${escapeHtml(mediaType)}">
  Your browser cannot play this video.
</video>
</body>
</html>
`;
}

/** The page shown instead when the player link is invalid or has expired. */
export function expiredPlayerPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Video unavailable</title>
<style>html, body { margin: 0; height: 100%; background: #000; color: #ddd; font-family: system-ui, sans-serif; display: grid; place-items: center; }</style>
</head><body><p>This video link has expired. Close the viewer and open the video again.</p></body></html>
`;
}
