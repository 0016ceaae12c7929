import { createTheme, Textarea, type MantineColorsTuple } from '@mantine/core';

// Spec §9 brand colours sit at shade 6; lighter and darker shades are mixed with white and black.
// Filled controls use shade 7 (light) / 8 (dark) so white text keeps a 4.5:1 contrast.
const brand: MantineColorsTuple = ['#F3F5ED', '#E4E9D8', '#CDD6B5', '#B5C392', '#9AAD6A', '#839A47', '#6B8724', '#5E7720', '#51671B', '#445617'];
const warning: MantineColorsTuple = ['#FBF6F0', '#F6EBDD', '#EED9BE', '#E6C8A0', '#DEB47E', '#D6A25F', '#CE9041', '#B57F39', '#9D6D31', '#845C2A'];
const negative: MantineColorsTuple = ['#FAF1EF', '#F3E0DA', '#E9C4BA', '#DEA89A', '#D38975', '#C86D54', '#BE5134', '#A7472E', '#903E28', '#7A3421'];

export const brandColors = { positive: '#6B8724', warning: '#CE9041', negative: '#BE5134' } as const;

const px = (value: number) => `${value / 16}em`;

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 8 },
  colors: { brand, green: brand, orange: warning, red: negative },
  // Spec §9: small 600, medium 1024, large 1440, extra large 1920 px.
  breakpoints: { xs: px(480), sm: px(600), md: px(1024), lg: px(1440), xl: px(1920) },
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif', fontWeight: '650' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  components: {
    // Spec §9: textarea rows default 6.
    Textarea: Textarea.extend({ defaultProps: { rows: 6 } }),
  },
});
