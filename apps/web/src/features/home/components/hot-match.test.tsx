import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { formatMatchTime } from '../../../lib/format';
import { hotMatches, stubHomeApi } from '../test/home-fixtures';
import { HotMatchSection } from './hot-match-section';
import { HotMatchStrip } from './hot-match-strip';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('hot-match strip', () => {
  it('HOME-016 HOME-017 each match shows MM/DD HH:mm, both team names and both team images', () => {
    const matches = hotMatches();
    renderWithShell(<HotMatchStrip matches={matches} onOpen={vi.fn()} />);
    const items = screen.getAllByTestId('hot-match-item');
    expect(items).toHaveLength(3);
    items.forEach((item, i) => {
      const m = matches[i]!;
      expect(within(item).getByTestId('hot-match-time')).toHaveTextContent(/^\d{2}\/\d{2} \d{2}:\d{2}$/);
      expect(within(item).getByTestId('hot-match-time')).toHaveTextContent(formatMatchTime(m.matchTime));
      expect(item).toHaveTextContent(m.homeTeam);
      expect(item).toHaveTextContent(m.awayTeam);
      const srcs = item.querySelectorAll('img');
      expect([...srcs].map((img) => img.getAttribute('src'))).toEqual([
        `/cdn/edge-a/img/${m.homeTeamImageUrl}`,
        `/cdn/edge-a/img/${m.awayTeamImageUrl}`,
      ]);
    });
  });

  it('HOME-018 HOME-019 with several matches it rotates after 5000 ms with a 500 ms transition', () => {
    vi.useFakeTimers();
    renderWithShell(<HotMatchStrip matches={hotMatches()} onOpen={vi.fn()} />);
    const strip = screen.getByTestId('hot-match-strip');
    const track = strip.firstElementChild as HTMLElement;
    expect(strip).toHaveAttribute('data-active-index', '0');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(strip).toHaveAttribute('data-active-index', '0');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(strip).toHaveAttribute('data-active-index', '1');
    expect(track.style.transition).toBe('transform 500ms ease');
  });

  it('HOME-018 a single match does not rotate or loop', () => {
    vi.useFakeTimers();
    renderWithShell(<HotMatchStrip matches={hotMatches().slice(0, 1)} onOpen={vi.fn()} />);
    const strip = screen.getByTestId('hot-match-strip');
    expect(strip).toHaveAttribute('data-autoplay', 'false');
    for (let i = 0; i < 3; i++)
      act(() => {
        vi.advanceTimersByTime(5000);
      });
    expect(strip).toHaveAttribute('data-active-index', '0');
    expect(screen.getAllByTestId('hot-match-item')).toHaveLength(1);
    expect(strip.querySelectorAll('.hot-match__slide')).toHaveLength(1);
  });
});

describe('hot-match pop-up', () => {
  it('HOME-020 HOME-021 lists every match with league, teams, images, time and VS, and closes', async () => {
    stubHomeApi();
    const { user } = renderWithShell(<HotMatchSection />);
    await user.click((await screen.findAllByTestId('hot-match-item'))[0]!);
    const popup = await screen.findByRole('dialog', { name: 'Hot matches' });
    const rows = within(popup).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    hotMatches().forEach((m, i) => {
      const row = rows[i]!;
      expect(row).toHaveTextContent(m.league);
      expect(row).toHaveTextContent(m.homeTeam);
      expect(row).toHaveTextContent(m.awayTeam);
      expect(row).toHaveTextContent(formatMatchTime(m.matchTime));
      expect(row).toHaveTextContent('VS');
      expect(row.querySelectorAll('img')).toHaveLength(2);
    });
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('HOME-022 ROLE-004 the bet button sends a visitor to log in', async () => {
    stubHomeApi();
    const r = renderWithShell(<HotMatchSection />);
    await r.user.click((await screen.findAllByTestId('hot-match-item'))[0]!);
    await r.user.click(await screen.findByTestId('hot-match-bet'));
    expect(r.location().pathname).toBe('/m/login');
  });

  it('HOME-022 the bet button launches the first match for a member', async () => {
    stubHomeApi();
    const r = renderWithShell(<HotMatchSection />, { session: memberSession });
    await r.user.click((await screen.findAllByTestId('hot-match-item'))[1]!);
    await r.user.click(await screen.findByTestId('hot-match-bet'));
    expect(r.location().pathname).toBe('/m/launchGame');
    expect(r.location().search).toBe('?code=match-1&vendor=SABA&roomId=room-1');
  });

  it('HOME-021 Escape closes the pop-up and focus returns to the match', async () => {
    stubHomeApi();
    const { user } = renderWithShell(<HotMatchSection />);
    const item = (await screen.findAllByTestId('hot-match-item'))[0]!;
    await user.click(item);
    await screen.findByRole('dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(item).toHaveFocus();
  });
});
