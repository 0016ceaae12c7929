/**
 * Spec §2 document link: `/DocumentLink/{serviceRef}-{resourceVersion}` for one version, or
 * `/DocumentLink/{serviceRef}` for "always the newest".
 */
export function buildShareLink(origin: string, serviceRef: string, resourceVersion?: string): string {
  const documentData = resourceVersion ? `${serviceRef}-${resourceVersion}` : serviceRef;
  return `${origin.replace(/\/+$/, '')}/DocumentLink/${encodeURIComponent(documentData)}`;
}
