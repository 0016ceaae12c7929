import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SearchBox } from './search-box';
import { SearchInput } from './search-input';

const pause = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

/** A page that keeps the searched text the way the pages keep it in the URL: trimmed. */
function Page({ onSearch, initial = '', maxQueryLength }: { onSearch: (text: string) => void; initial?: string; maxQueryLength?: number }) {
  const [url, setUrl] = useState(initial);
  return (
    <>
      <SearchBox
        value={url}
        onSearch={(text) => {
          onSearch(text);
          setUrl(text.trim());
        }}
        debounceMs={60}
        label="Search things"
        clearLabel="Clear the search"
        maxQueryLength={maxQueryLength}
        tooLongMessage={(length, max) => `Too long: ${length} of ${max}`}
      />
      <button type="button" onClick={() => setUrl('from a link')}>
        Follow a link
      </button>
    </>
  );
}

describe('SearchBox', () => {
  it('searches once, a pause after the last key, and keeps the spaces the URL leaves out', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<Page onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search things' });
    await userEvent.type(box, 'gripper ');
    expect(onSearch).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalledWith('gripper '));
    await pause(100);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(box).toHaveValue('gripper ');
  });

  it('searches at once on Enter, and the clear button empties the box and searches', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<Page onSearch={onSearch} initial="torque" />);
    const box = screen.getByRole('searchbox', { name: 'Search things' });
    await userEvent.type(box, ' sensor{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('torque sensor');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(box).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear the search' })).not.toBeInTheDocument();
  });

  it('shows the URL’s text when it changes under the box', async () => {
    renderWithProviders(<Page onSearch={vi.fn()} initial="torque" />);
    await userEvent.click(screen.getByRole('button', { name: 'Follow a link' }));
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toHaveValue('from a link');
  });

  it('says a text is too long and does not send it until it is shortened', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<Page onSearch={onSearch} maxQueryLength={5} />);
    const box = screen.getByRole('searchbox', { name: 'Search things' });
    fireEvent.change(box, { target: { value: 'abcdefg' } });
    expect(await screen.findByText('Too long: 7 of 5')).toBeInTheDocument();
    await pause(120);
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'abc' } });
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalledWith('abc'));
    expect(screen.queryByText(/Too long/)).not.toBeInTheDocument();
  });
});

describe('SearchInput', () => {
  it('is a labelled search box without a clear button unless given one', async () => {
    const onChange = vi.fn();
    renderWithProviders(<SearchInput label="Search the documentation" value="x" onChange={onChange} />);
    const box = screen.getByRole('searchbox', { name: 'Search the documentation' });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'xy' } });
    expect(onChange).toHaveBeenCalledWith('xy');
  });
});
