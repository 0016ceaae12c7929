import { Alert, List } from '@mantine/core';

/** A refusal under a console form: the server's message and each field it names. */
export function FormError({ lines }: { lines: readonly string[] | null }) {
  if (!lines || lines.length === 0) return null;
  const [first, ...rest] = lines;
  return (
    <Alert color="red" role="alert" title={first}>
      {rest.length > 0 && (
        <List size="sm">
          {rest.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
