// The client timer rules live in the contract package so that the web imports the same code.
export * from '@panalo/contract/lottery-rules';
