import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { LIABILITIES_PATHS, type LiabilityProof } from '@panalo/contract/liabilities';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession, trialSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { LIABILITIES_API } from '../api/liabilities-keys';
import { buildTree } from '../test/proof-fixtures';
import { LiabilitiesScreen } from './liabilities-screen';

afterEach(() => vi.unstubAllGlobals());

const tree = await buildTree([1_500_050n, 20n, 300n, 12_345_678n]);
const mine = tree.proofs[0]!;
const published = '/api/site/liabilities';
const proofPath = '/api/members/liabilities/proof';

describe('proof of liabilities (/m/liabilities)', () => {
  it('asks the contract’s paths', () => {
    expect(LIABILITIES_API).toEqual(LIABILITIES_PATHS);
  });

  it('shows the latest publication to a visitor, and a way to log in to check their own balance', async () => {
    stubApi({ [published]: { value: tree.published } });
    renderWithShell(<LiabilitiesScreen />, { path: '/m/liabilities' });
    expect(screen.getByRole('heading', { level: 1, name: 'Proof of liabilities' })).toBeInTheDocument();
    expect(screen.getByTestId('liabilities-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('liabilities-day')).toHaveTextContent('November 28, 2026');
    expect(screen.getByTestId('liabilities-total')).toHaveTextContent('₱138,460.48');
    expect(screen.getByTestId('liabilities-members')).toHaveTextContent('4');
    expect(screen.getByTestId('liabilities-root')).toHaveTextContent(tree.published.root);
    expect(screen.getByRole('button', { name: 'Copy Root' })).toBeInTheDocument();
    const visitor = screen.getByTestId('liabilities-visitor');
    expect(visitor).toHaveTextContent('Log in to check that your own balance is in the total.');
    expect(within(visitor).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/m/login?redirect=%2Fm%2Fliabilities',
    );
    expect(screen.queryByTestId('liabilities-check')).toBeNull();
  });

  it('says when nothing is published yet', async () => {
    stubApi({ [published]: { value: null } });
    renderWithShell(<LiabilitiesScreen />, { session: memberSession });
    expect(await screen.findByTestId('liabilities-empty')).toHaveTextContent(
      'Nothing has been published yet.',
    );
    expect(screen.queryByTestId('liabilities-check')).toBeNull();
  });

  it('a failed load shows a retry that asks again', async () => {
    let calls = 0;
    stubApi({
      [published]: () => (++calls === 1 ? { status: 500, code: 'unknown_error' } : { value: tree.published }),
    });
    const r = renderWithShell(<LiabilitiesScreen />);
    expect(await screen.findByTestId('liabilities-error')).toBeInTheDocument();
    await r.user.click(screen.getByTestId('liabilities-retry'));
    expect(await screen.findByTestId('liabilities-published')).toBeInTheDocument();
  });

  it('a member checks their balance in the browser against the published root', async () => {
    const { calls } = stubApi({ [published]: { value: tree.published }, [proofPath]: { value: mine } });
    const r = renderWithShell(<LiabilitiesScreen />, { session: memberSession });
    await r.user.click(await screen.findByRole('button', { name: 'Check my balance' }));
    await waitFor(() =>
      expect(screen.getByTestId('liabilities-result')).toHaveTextContent(
        'Your balance ₱15,000.50 is in the published total for November 28, 2026.',
      ),
    );
    expect(screen.getByTestId('liabilities-result')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('liabilities-result')).toHaveAttribute('data-tone', 'ok');
    const asked = calls.find((c) => c.url.pathname === proofPath)!;
    expect(asked.url.searchParams.get('day')).toBe('2026-11-28');
    expect(asked.headers.get('authorization')).toBe(`Bearer ${memberSession.token}`);
    expect(screen.getByText(/npm run verify:liabilities -- proof\.json/)).toBeInTheDocument();
  });

  it('a proof that does not lead to the published root is reported, in Tagalog too', async () => {
    const forged: LiabilityProof = { ...mine, leaf: { ...mine.leaf, balance: '1600050' } };
    stubApi({ [published]: { value: tree.published }, [proofPath]: { value: forged } });
    const r = renderWithShell(<LiabilitiesScreen />, { session: memberSession, language: 'TY' });
    await r.user.click(await screen.findByRole('button', { name: 'Suriin ang aking balanse' }));
    await waitFor(() =>
      expect(screen.getByTestId('liabilities-result')).toHaveTextContent(
        'Hindi tumutugma ang patunay: hindi humahantong ang iyong balanse sa inilathalang root.',
      ),
    );
    expect(screen.getByTestId('liabilities-result')).toHaveAttribute('data-tone', 'bad');
  });

  it('proof_none says no balance of theirs was published for that day', async () => {
    stubApi({ [published]: { value: tree.published }, [proofPath]: { status: 404, code: 'proof_none' } });
    const r = renderWithShell(<LiabilitiesScreen />, { session: memberSession });
    await r.user.click(await screen.findByTestId('liabilities-check'));
    await waitFor(() =>
      expect(screen.getByTestId('liabilities-result')).toHaveTextContent(
        'No balance of yours was published for that day.',
      ),
    );
  });

  it('downloads the proof as a JSON file that the command-line check reads', async () => {
    const { calls } = stubApi({ [published]: { value: tree.published }, [proofPath]: { value: mine } });
    let saved: Blob | null = null;
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved = b as Blob;
      return 'blob:proof';
    });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const r = renderWithShell(<LiabilitiesScreen />, { session: memberSession });
    await r.user.click(
      await screen.findByRole('button', { name: 'Download my proof for November 28, 2026 as a JSON file' }),
    );
    await waitFor(() => expect(names).toEqual(['liability-proof-2026-11-28.json']));
    expect(JSON.parse(await (saved as unknown as Blob).text())).toEqual(mine);
    // The check after it uses the proof already fetched.
    await r.user.click(screen.getByTestId('liabilities-check'));
    await waitFor(() => expect(screen.getByTestId('liabilities-result')).toHaveAttribute('data-tone', 'ok'));
    expect(calls.filter((c) => c.url.pathname === proofPath)).toHaveLength(1);
    click.mockRestore();
    create.mockRestore();
  });

  it('a free-trial account is told it has no balance in the total', async () => {
    stubApi({ [published]: { value: tree.published } });
    renderWithShell(<LiabilitiesScreen />, { session: trialSession });
    expect(await screen.findByTestId('liabilities-trial')).toBeInTheDocument();
    expect(screen.queryByTestId('liabilities-check')).toBeNull();
  });
});
