import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithShell } from '../../app/test-utils';
import { ApiError } from '../../lib/api';
import { kycRefusalCode, kycRefusalValues } from '../../lib/kyc-refusal';
import { PaymentFailure } from './payment-password';

// Issue 53: a deposit, withdrawal or transfer refused for verification says why with its values and
// leads to the Verification page.
describe('verification refusals', () => {
  it('knows the three codes and nothing else', () => {
    expect(kycRefusalCode(new ApiError('kyc_level_required', 409, 'x'))).toBe('kyc_level_required');
    expect(kycRefusalCode(new ApiError('kyc_limit_reached', 409, 'x'))).toBe('kyc_limit_reached');
    expect(kycRefusalCode(new ApiError('kyc_receiver_unverified', 409, 'x'))).toBe('kyc_receiver_unverified');
    expect(kycRefusalCode(new ApiError('kyc_unavailable', 404, 'x'))).toBeNull();
    expect(kycRefusalCode(new Error('kyc_level_required'))).toBeNull();
  });

  it('the values: amounts through the money formatter, missing ones empty', () => {
    const money = (d: string) => `₱${d}`;
    expect(
      kycRefusalValues(
        new ApiError('kyc_limit_reached', 409, 'x', {
          limit: '100.00',
          left: '5.00',
          level: 1,
          nextLevel: 2,
        }),
        money,
      ),
    ).toEqual({ left: '₱5.00', limit: '₱100.00', level: '1', nextLevel: '2' });
    expect(kycRefusalValues(new ApiError('kyc_level_required', 409, 'x'), money)).toEqual({
      level: '',
      current: '',
    });
    expect(
      kycRefusalValues(
        new ApiError('kyc_receiver_unverified', 409, 'x', { username: 'ana', level: 2 }),
        money,
      ),
    ).toEqual({ username: 'ana', level: '2' });
  });

  it('a transfer refused for the sender’s level: its text with the level, and Verify now', () => {
    renderWithShell(
      <PaymentFailure
        failure={new ApiError('kyc_level_required', 409, 'x', { level: 2, current: 1, reason: 'transfers' })}
        className="ui-field__error"
        testId="failure"
      />,
    );
    expect(screen.getByTestId('failure')).toHaveTextContent(
      'Verify your account to level 2 first: open Verification in your profile.',
    );
    expect(screen.getByTestId('kyc-verify-link')).toHaveAttribute('href', '/m/verification');
  });

  it('any other refusal is as before, without the link', () => {
    renderWithShell(
      <PaymentFailure
        failure={new ApiError('insufficient_balance', 400, 'x')}
        className="ui-field__error"
        testId="failure"
      />,
    );
    expect(screen.getByTestId('failure')).not.toHaveTextContent('Verify now');
    expect(screen.queryByTestId('kyc-verify-link')).toBeNull();
  });

  it('in Tagalog', () => {
    renderWithShell(
      <PaymentFailure
        failure={new ApiError('kyc_receiver_unverified', 409, 'x', { username: 'ana', level: 2 })}
        className="ui-field__error"
        testId="failure"
      />,
      { language: 'TY' },
    );
    expect(screen.getByTestId('failure')).toHaveTextContent('Hindi pa beripikado ang account ni ana');
    expect(screen.getByTestId('kyc-verify-link')).toHaveTextContent('Mag-verify ngayon');
  });
});
