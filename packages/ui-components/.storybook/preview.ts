import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    // Any axe violation fails the story's test (WCAG 2.2 AA is the bar).
    a11y: { test: 'error' },
  },
};

export default preview;
