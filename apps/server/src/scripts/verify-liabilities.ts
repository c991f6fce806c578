// npm run verify:liabilities -- proof.json (or the proof on standard input): checks a member's inclusion
// proof of the proof of liabilities (issue 52 item 5) without the server — the same check the member
// site runs in the browser (contract liabilities.ts). Prints the result; exits 0 when the proof holds,
// 1 when it does not, 2 when the file cannot be read.
import { readFileSync } from 'node:fs';
import { formatAmount } from '@panalo/contract/money';
import { verifyLiabilityProof } from '@panalo/contract/liabilities';

async function main(): Promise<number> {
  const file = process.argv[2];
  let text: string;
  try {
    text = readFileSync(file && file !== '-' ? file : 0, 'utf8');
  } catch (err) {
    console.error(`verify-liabilities: cannot read ${file ?? 'standard input'}: ${(err as Error).message}`);
    return 2;
  }
  let proof: unknown;
  try {
    proof = JSON.parse(text);
    // The API's answer ({ success, value }) or the proof itself.
    if (proof && typeof proof === 'object' && 'value' in proof) proof = proof.value;
  } catch {
    console.error('verify-liabilities: the file is not JSON');
    return 2;
  }
  const r = await verifyLiabilityProof(proof);
  if (!r.ok) {
    console.log(`FAIL: ${r.reason}`);
    return 1;
  }
  const p = proof as { day: string; currency: string; root: string };
  console.log(
    `OK: balance ${p.currency} ${formatAmount(r.balance)} is in the published total ${p.currency} ${formatAmount(r.total)} of ${p.day} (root ${p.root})`,
  );
  return 0;
}

process.exitCode = await main();
