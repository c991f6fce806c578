import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { AnnouncementMarquee } from './announcement-marquee';

describe('announcement marquee', () => {
  it('HOME-023 shows the announcement titles', () => {
    renderWithShell(<AnnouncementMarquee titles={['Maintenance on Sunday', 'GCash is live']} />);
    const text = screen.getByTestId('marquee-text');
    expect(text).toHaveTextContent('Maintenance on Sunday');
    expect(text).toHaveTextContent('GCash is live');
    expect(text.style.getPropertyValue('--marquee-duration')).toMatch(/^\d+s$/);
  });

  it("HOME-024 with no announcements it shows 'no announcement' (EN and TY)", () => {
    const { unmount } = renderWithShell(<AnnouncementMarquee titles={[]} />);
    expect(screen.getByTestId('marquee-empty')).toHaveTextContent('No announcement');
    unmount();
    renderWithShell(<AnnouncementMarquee titles={[]} />, { language: 'TY' });
    expect(screen.getByTestId('marquee-empty')).toHaveTextContent('Walang anunsyo');
  });

  it('HOME-025 tapping the marquee opens /m/notice', async () => {
    const r = renderWithShell(<AnnouncementMarquee titles={['A notice']} />);
    await r.user.click(screen.getByTestId('marquee'));
    expect(r.location().pathname).toBe('/m/notice');
  });
});
