/** A refusal from the server, read out when it appears. */
export function FormAlert({ text }: { text: string | null }) {
  return (
    <div className="auth-alert" role="alert" data-testid="form-alert">
      {text}
    </div>
  );
}
