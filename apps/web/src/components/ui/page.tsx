import type { ReactNode } from 'react';
import './ui.css';

/** A list or report screen: its title (the shell header shows only a back arrow here) and content. */
export function Page({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <main className="ui-page" data-testid={testId}>
      <h1 className="ui-page__title">{title}</h1>
      {children}
    </main>
  );
}
