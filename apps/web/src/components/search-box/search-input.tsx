import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export interface SearchInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'leftSection' | 'rightSection' | 'label'> {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Enter in the box. */
  onEnter?: () => void;
  /** With a label, a button that empties the box while it holds text. */
  clearLabel?: string;
  onClear?: () => void;
}

/**
 * The look every search box of the app shares: a labelled text box with a magnifier, announced as
 * a search box, with an optional clear button.
 */
export function SearchInput({ value, onChange, onEnter, clearLabel, onClear, size = 'md', ...rest }: SearchInputProps) {
  const large = size === 'md' || size === 'lg' || size === 'xl';
  return (
    <TextInput
      role="searchbox"
      size={size}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onEnter?.();
      }}
      leftSection={<IconSearch size={large ? 18 : 16} stroke={1.7} aria-hidden />}
      rightSection={value && clearLabel ? <CloseButton aria-label={clearLabel} onClick={onClear} /> : null}
      {...rest}
    />
  );
}
