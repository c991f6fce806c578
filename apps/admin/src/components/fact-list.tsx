import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Fact {
  key: string;
  /** The fact's name (already translated). */
  label: string;
  value: ReactNode;
}

/**
 * Facts as a description list in a grid (one column on a phone, two on a tablet, three wider): the grid
 * is the `<dl>` itself, each child a `<div>` of one `<dt>` and one `<dd>` (a document's, a case's).
 */
export function FactList({ facts, testId }: { facts: Fact[]; testId?: string }) {
  return (
    <SimpleGrid
      component="dl"
      m={0}
      cols={{ base: 1, xs: 2, md: 3 }}
      spacing="sm"
      verticalSpacing="xs"
      data-testid={testId}
    >
      {facts.map((f) => (
        <div key={f.key} data-fact={f.key}>
          <Text component="dt" size="xs" c="dimmed" fw={600}>
            {f.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
            {f.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
