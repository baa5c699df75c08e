// Parameters of the member endpoints.
import { z } from 'zod';

export const joinParams = z.object({
  email: z.email({ error: 'must be an email address' }).max(320),
  password: z.string().min(8, { error: 'must have at least 8 characters' }).max(200),
  fullName: z.string().trim().min(1, { error: 'must not be empty' }).max(100),
});
