import type { HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { s3ObjectOrigin } from '../platform/storage/s3-config.ts';

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * A content security policy that starts from nothing: own origin for anything not named and for scripts,
 * no `<base>` elsewhere, no plugins; `directives` add what the pages need.
 */
export function ownOriginCsp(directives: Record<string, string[]>) {
  return { useDefaults: false, directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'"], ...directives, baseUri: ["'self'"], objectSrc: ["'none'"] } };
}

/**
 * Helmet settings for the web app: own scripts only, and WebAssembly compiled by them (the 3D viewer's meshopt
 * decoder; 'wasm-unsafe-eval' allows no JavaScript eval); Mantine's inline styles; pdf.js workers from blob:;
 * data:/blob: images; the video player framed from the same origin. The identity provider and the
 * error-reporting service are the only other hosts the app talks to, and with FILES_REDIRECT=s3 the
 * bucket that `/files/…` redirects to (thumbnails, videos, the PDF viewer's reads).
 */
export function securityHeaders(config: Config): HelmetOptions {
  const sentryOrigin = config.SENTRY_DSN ? originOf(config.SENTRY_DSN.replace(/\/\/[^@/]*@/, '//')) : [];
  const bucketOrigin = config.FILES_REDIRECT === 's3' ? originOf(s3ObjectOrigin(config)) : [];
  return {
    contentSecurityPolicy: ownOriginCsp({
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...bucketOrigin],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'blob:', ...bucketOrigin],
      workerSrc: ["'self'", 'blob:'],
      frameSrc: ["'self'", ...originOf(config.oidcIssuer)],
      connectSrc: ["'self'", ...originOf(config.oidcIssuer), ...sentryOrigin, ...bucketOrigin],
      formAction: ["'self'", ...originOf(config.oidcIssuer)],
      frameAncestors: ["'self'"],
    }),
    // In development the Vite dev server (another port of the same site) embeds thumbnails and previews from the API.
    crossOriginResourcePolicy: { policy: config.development ? 'same-site' : 'same-origin' },
  };
}
