import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { ContractPromptHost } from './contract-prompt-host';
import { firstPending } from './contract-prompt';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const reply = (p: Partial<Record<string, string>> = {}) => ({
  value: { dailysalreqtype: '', divtypecompperiodreq: '', contracthoursalreq: '', ...p },
});

describe('the contract prompt (spec §6)', () => {
  it('AGENT-029 an offer is pending when its field of the reply is non-empty; daily salary, dividend, hourly salary in that order', () => {
    const none = { dailysalreqtype: '', divtypecompperiodreq: '', contracthoursalreq: '' };
    expect(firstPending(none, [])).toBeNull();
    expect(firstPending({ ...none, contracthoursalreq: '9', divtypecompperiodreq: '7' }, [])).toEqual({
      kind: 'dividend',
      id: '7',
    });
    expect(firstPending({ ...none, contracthoursalreq: '9', divtypecompperiodreq: '7' }, ['7'])).toEqual({
      kind: 'hourly_salary',
      id: '9',
    });
  });

  it('HOME-007 AGENT-030 AGENT-031 opening home checks for offers; the prompt has cancel and go, and go opens the kind’s contract screen', async () => {
    const { calls } = stubApi({ '/api/agent/contracts/requests': reply({ dailysalreqtype: '41' }) });
    const r = renderWithShell(<ContractPromptHost />, {
      session: { ...memberSession, type: 1 },
      path: '/m/home',
    });
    const prompt = await screen.findByTestId('contract-prompt', {}, { timeout: 4000 });
    expect(prompt).toHaveTextContent('daily salary');
    expect(calls.filter((c) => c.url.pathname === '/api/agent/contracts/requests')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Later' })).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Open the offer' }));
    expect(r.location().pathname).toBe('/m/member/agent/getSalaryContract');
  });

  it('AGENT-030 cancel closes it, and the same offer is not asked again in this visit', async () => {
    stubApi({ '/api/agent/contracts/requests': reply({ divtypecompperiodreq: '5' }) });
    const r = renderWithShell(<ContractPromptHost />, {
      session: { ...memberSession, type: 0 },
      path: '/m/agent',
    });
    await screen.findByTestId('contract-prompt', {}, { timeout: 4000 });
    await r.user.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByTestId('contract-prompt')).toBeNull());
    r.unmount();
    renderWithShell(<ContractPromptHost />, { session: { ...memberSession, type: 0 }, path: '/m/home' });
    await new Promise((ok) => setTimeout(ok, 1800));
    expect(screen.queryByTestId('contract-prompt')).toBeNull();
  });

  it('waits while another dialog is open (home’s announcement pop-up) and shows once it closes', async () => {
    stubApi({ '/api/agent/contracts/requests': reply({ contracthoursalreq: '12' }) });
    const other = document.createElement('div');
    other.setAttribute('role', 'dialog');
    other.setAttribute('aria-modal', 'true');
    document.body.append(other);
    renderWithShell(<ContractPromptHost />, { session: { ...memberSession, type: 1 }, path: '/m/home' });
    await new Promise((ok) => setTimeout(ok, 1800));
    expect(screen.queryByTestId('contract-prompt')).toBeNull();
    other.remove();
    expect(await screen.findByTestId('contract-prompt')).toHaveTextContent('hourly salary');
  });

  it('AGENT-028 types 4, 40, 41 and 42 are not checked, nor other pages than home and agent home', async () => {
    const { calls } = stubApi({ '/api/agent/contracts/requests': reply({ dailysalreqtype: '1' }) });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const [type, path] of [
        [4, '/m/home'],
        [40, '/m/home'],
        [41, '/m/agent'],
        [42, '/m/home'],
        [1, '/m/gameList'],
      ] as const) {
        const r = renderWithShell(<ContractPromptHost />, { session: { ...memberSession, type }, path });
        vi.advanceTimersByTime(5000);
        await vi.dynamicImportSettled();
        r.unmount();
      }
    } finally {
      vi.useRealTimers();
    }
    expect(calls).toHaveLength(0);
  });
});
