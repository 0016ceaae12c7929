import { Center } from '@mantine/core';
import { NotFoundContent } from '../../../components/layouts/not-found-content';

/** Any address the portal does not know (spec §2): full screen, outside the layout. */
export function NotFoundPage() {
  return (
    <Center component="main" mih="100vh" p="xl">
      <NotFoundContent />
    </Center>
  );
}
