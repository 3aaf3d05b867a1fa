import localFont from 'next/font/local';

// Self-hosted from @fontsource: next/font/google needs the network at build time.
export const poppins = localFont({
  src: [
    {
      path: '../../node_modules/@fontsource/poppins/files/poppins-latin-400-normal.woff2',
      weight: '400',
      style: 'normal',
    },
    {
      path: '../../node_modules/@fontsource/poppins/files/poppins-latin-500-normal.woff2',
      weight: '500',
      style: 'normal',
    },
    {
      path: '../../node_modules/@fontsource/poppins/files/poppins-latin-600-normal.woff2',
      weight: '600',
      style: 'normal',
    },
    {
      path: '../../node_modules/@fontsource/poppins/files/poppins-latin-700-normal.woff2',
      weight: '700',
      style: 'normal',
    },
  ],
  variable: '--font-poppins',
  display: 'swap',
  // Not preloaded: the styles are inline, so a weight is asked for as soon as the first layout
  // finds text that uses it, right after the HTML. Preloaded, the four weights took four of the
  // browser's six connections before the hero and the scripts, and a phone painted the hero and
  // woke up its buttons later (Lighthouse's LCP on the home page: 2.54 s preloaded, 1.93 s not).
  // Text may show for a moment in the fallback, which next/font sizes to Poppins's metrics, so
  // nothing moves when it swaps (CLS 0.004).
  preload: false,
  fallback: [
    'system-ui',
    'Segoe UI',
    'Roboto',
    'Helvetica Neue',
    'Arial',
    'PingFang SC',
    'Microsoft YaHei',
    'sans-serif',
  ],
});
