import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

/** A mailto link, used inside translated sentences (`<mail>{{email}}</mail>`). */
export function MailLink({ email, children }: { email: string; children?: ReactNode }) {
  return (
    <Anchor href={`mailto:${email}`} fw={600} inherit>
      {children ?? email}
    </Anchor>
  );
}
