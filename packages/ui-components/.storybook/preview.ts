import type { Decorator, Preview } from '@storybook/react-vite';
import { createElement } from 'react';
import { arabicMessages } from '../src/__fixtures__/messages-ar';
import { AnnouncerProvider, MessagesProvider } from '../src/index';
import '../src/styles.css';

/**
 * Every story runs as on a page: inside the page's announcer (its two live regions
 * render in the story root) and a message catalogue. `parameters.dir: 'rtl'` (or the
 * toolbar's direction) renders it right-to-left with the Arabic fixture catalogue.
 */
const withPage: Decorator = (Story, context) => {
  const parameters = context.parameters as { dir?: 'ltr' | 'rtl' };
  const globals = context.globals as { dir?: 'ltr' | 'rtl' };
  const dir = parameters.dir ?? globals.dir ?? 'ltr';
  const rtl = dir === 'rtl';
  return createElement(
    MessagesProvider,
    rtl ? { locale: 'ar-EG', messages: arabicMessages } : {},
    createElement(
      AnnouncerProvider,
      null,
      createElement('div', { dir, lang: rtl ? 'ar' : 'en' }, createElement(Story)),
    ),
  );
};

const preview: Preview = {
  decorators: [withPage],
  globalTypes: {
    dir: {
      description: 'Text direction (right-to-left uses the Arabic example catalogue)',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left (Arabic)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { dir: 'ltr' },
  parameters: {
    layout: 'padded',
    // Any axe violation fails the story's test (WCAG 2.2 AA is the bar).
    a11y: { test: 'error' },
  },
};

export default preview;
