import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { checkUploadType } from './upload-media-types.ts';

const svgVerdict = (text: string) => checkUploadType('svg', undefined, Buffer.from(text));

describe('checkUploadType for SVG', () => {
  it('accepts an svg element after a BOM, an XML declaration, comments and a DOCTYPE', () => {
    const prolog = '\uFEFF <?xml version="1.0"?>\n<!-- a -- b -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN">\n<!---->';
    expect(svgVerdict(`${prolog}<svg xmlns="http://www.w3.org/2000/svg"/>`)).toEqual({ ok: true, mediaType: 'image/svg+xml' });
    expect(svgVerdict('<SVG>')).toMatchObject({ ok: true });
  });

  it('refuses text that only looks like the start of an SVG', () => {
    for (const text of ['<svgx>', '<!-- never closed <svg>', '<?xml version="1.0"', '<html><svg></svg></html>', '<!-->--><svg>']) {
      expect({ text, ok: svgVerdict(text).ok }).toEqual({ text, ok: text === '<!-->--><svg>' });
    }
  });

  // Finding 4: 190 bytes of empty comments blocked the event loop for 15 s with a backtracking expression.
  it('classifies files of many empty comments in linear time', () => {
    for (const count of [27, 30, 40, 10_000]) {
      for (const tail of ['x', '<svgx', '\n']) {
        const started = performance.now();
        const verdict = svgVerdict('<!---->'.repeat(count) + tail);
        const elapsed = performance.now() - started;
        expect({ count, tail, ok: verdict.ok }).toEqual({ count, tail, ok: false });
        expect(elapsed, `${count} comments + ${JSON.stringify(tail)}`).toBeLessThan(1000);
      }
    }
    // Within the 64 KiB the sniffer reads.
    expect(svgVerdict(`${'<!---->\n'.repeat(7000)}<svg>`).ok).toBe(true);
  });
});
