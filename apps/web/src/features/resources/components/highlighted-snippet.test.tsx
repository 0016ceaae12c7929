import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { splitHighlights } from '../utils/split-highlights';
import { HighlightedSnippet } from './highlighted-snippet';

const open = '\uE000';
const close = '\uE001';

describe('search snippet highlighting', () => {
  it('splits the snippet into plain and highlighted runs', () => {
    expect(splitHighlights(`Check the ${open}torque${close} of each ${open}axis${close}.`)).toEqual([
      { text: 'Check the ', highlighted: false },
      { text: 'torque', highlighted: true },
      { text: ' of each ', highlighted: false },
      { text: 'axis', highlighted: true },
      { text: '.', highlighted: false },
    ]);
    expect(splitHighlights('')).toEqual([]);
    expect(splitHighlights(`${close}stray${open}`)).toEqual([{ text: 'stray', highlighted: false }]);
  });

  it('renders matches as <mark> elements', () => {
    const { container } = renderWithProviders(<HighlightedSnippet snippet={`Set the ${open}payload${close} first`} />);
    const marks = container.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['payload']);
    expect(screen.getByTestId('result-snippet')).toHaveTextContent('Set the payload first');
  });

  it('shows markup inside a document as text, never as HTML', () => {
    const hostile = `<img src=x onerror="alert(1)"> ${open}<b>bold</b>${close} <script>alert(2)</script>`;
    const { container } = renderWithProviders(<HighlightedSnippet snippet={hostile} />);
    const snippet = screen.getByTestId('result-snippet');
    expect(snippet.querySelector('img, b, script')).toBeNull();
    expect(container.querySelector('mark')?.textContent).toBe('<b>bold</b>');
    expect(snippet.textContent).toBe('<img src=x onerror="alert(1)"> <b>bold</b> <script>alert(2)</script>');
  });
});
