import { describe, expect, it } from 'vitest';
import { parseDocumentLink } from './document-link-ref';
import { buildShareLink } from './share-link';

describe('buildShareLink', () => {
  it('names the version when one is given', () => {
    expect(buildShareLink('https://portal.example', 'D28092504', 'B')).toBe('https://portal.example/DocumentLink/D28092504-B');
  });

  it('leaves the version out for "always the newest"', () => {
    expect(buildShareLink('https://portal.example', 'D28092504')).toBe('https://portal.example/DocumentLink/D28092504');
    expect(buildShareLink('https://portal.example', 'D28092504', '')).toBe('https://portal.example/DocumentLink/D28092504');
  });

  it('does not double the slash after an origin that ends with one', () => {
    expect(buildShareLink('http://localhost:8080/', 'X1', '2.1')).toBe('http://localhost:8080/DocumentLink/X1-2.1');
  });

  it('produces links the document-link page reads back', () => {
    for (const [serviceRef, resourceVersion] of [['D1', 'A'], ['ABC123', '2.1'], ['Z9', 'rc-1'], ['Q7', undefined]] as const) {
      const path = new URL(buildShareLink('https://p.example', serviceRef, resourceVersion)).pathname;
      const documentData = decodeURIComponent(path.slice('/DocumentLink/'.length));
      expect(parseDocumentLink(documentData)).toEqual({ serviceRef, resourceVersion });
    }
  });
});
