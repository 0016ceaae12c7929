import { describe, expect, it } from 'vitest';
import { snippetWords, textSnippet } from './search-snippet.ts';

const mark = (word: string) => `\uE000${word}\uE001`;

describe('textSnippet', () => {
  it('highlights every word that starts with a term, whatever its case', () => {
    expect(textSnippet('Clean the Gripper fingers. The gripper needs grease.', ['grip', 'grease'])).toBe(
      `Clean the ${mark('Gripper')} fingers. The ${mark('gripper')} needs ${mark('grease')}.`,
    );
  });

  it('cuts a long text around the words, with ellipses where it goes on', () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i}`);
    words[100] = 'torque';
    const snippet = textSnippet(words.join(' '), ['torq']);
    expect(snippet.startsWith('…w97 w98 w99 ')).toBe(true);
    expect(snippet).toContain(mark('torque'));
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.replace(/…/g, '').split(' ')).toHaveLength(snippetWords);
  });

  it('prefers the passage holding more of the different terms', () => {
    const filler = (n: number) => Array.from({ length: n }, () => 'x').join(' ');
    const text = `gripper ${filler(60)} gripper torque ${filler(60)}`;
    const snippet = textSnippet(text, ['gripper', 'torque']);
    expect(snippet).toContain(mark('torque'));
    expect(snippet.startsWith('…')).toBe(true);
  });

  it('starts at the beginning when only the title matched, and is empty for an empty text', () => {
    expect(textSnippet('How to service the unit safely.', ['gripper'])).toBe('How to service the unit safely.');
    expect(textSnippet('', ['gripper'])).toBe('');
  });

  it('matches letters of any script and leaves the punctuation as it was', () => {
    expect(textSnippet('Wartung des Greifers: «Öl» prüfen.', ['greif', 'öl'])).toBe(`Wartung des ${mark('Greifers')}: «${mark('Öl')}» prüfen.`);
  });

  it('finds and marks a folded term in its written form, accents and ß included', () => {
    const text = `${Array.from({ length: 80 }, () => 'x').join(' ')} Consignes de Sécurité pour la Straße.`;
    const snippet = textSnippet(text, ['securite', 'strasse']);
    expect(snippet).toContain(`${mark('Sécurité')} pour la ${mark('Straße')}`);
    expect(snippet.startsWith('…')).toBe(true);
  });
});
