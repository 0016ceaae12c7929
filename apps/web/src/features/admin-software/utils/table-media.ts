import type { MantineTheme } from '@mantine/core';

/** Secondary columns of the console tables give way on phones, where the name, audience and actions matter. */
export const fromSmall = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;
