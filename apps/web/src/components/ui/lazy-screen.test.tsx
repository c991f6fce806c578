import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '../../i18n/react';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { lazyScreen } from './lazy-screen';

const i18n = createI18n('EN');
const wrap = (ui: React.ReactNode) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);

describe('lazily loaded screens', () => {
  it('SHELL-045 shows a loading placeholder while the screen loads', async () => {
    let resolve!: (c: () => React.ReactElement) => void;
    const Screen = lazyScreen(() => new Promise<() => React.ReactElement>((r) => (resolve = r)));
    wrap(<Screen />);
    expect(screen.getByTestId('lazy-loading')).toBeInTheDocument();
    resolve(() => <p>loaded</p>);
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    expect(screen.queryByTestId('lazy-loading')).toBeNull();
  });

  it('SHELL-046 a failed load shows an error placeholder whose retry loads it again', async () => {
    let attempts = 0;
    const Screen = lazyScreen(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return () => <p>second time lucky</p>;
    });
    wrap(<Screen />);
    const error = await screen.findByTestId('lazy-error');
    expect(error).toHaveTextContent('This page could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('second time lucky')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('#49 a part of a page gets its props and its own placeholder while it loads', async () => {
    let resolve!: (c: (p: { name: string }) => React.ReactElement) => void;
    const Part = lazyScreen<{ name: string }>(() => new Promise((r) => (resolve = r)), {
      placeholder: <p>holding its place</p>,
    });
    wrap(<Part name="Ana" />);
    expect(screen.getByText('holding its place')).toBeInTheDocument();
    expect(screen.queryByTestId('lazy-loading')).toBeNull();
    resolve(({ name }) => <p>hello {name}</p>);
    expect(await screen.findByText('hello Ana')).toBeInTheDocument();
  });
});
