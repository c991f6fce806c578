import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSite } from '../../app/site';
import { customerServiceLink } from '../../lib/links';

/** The customer-service link: external addresses open in a new tab without a handle on this page. */
export function ServiceLink({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const { bundle } = useSite();
  const link = customerServiceLink(bundle.info.paths.customerService);
  return link.external ? (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={className} data-testid={testId}>
      {children}
    </a>
  ) : (
    <Link to={link.href} className={className} data-testid={testId}>
      {children}
    </Link>
  );
}
