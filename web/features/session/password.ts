// What the service asks of a new password, said once for the forms that choose one.
export const MIN_PASSWORD = 8;
export const TOO_SHORT = `Choose a password of at least ${MIN_PASSWORD} characters.`;
