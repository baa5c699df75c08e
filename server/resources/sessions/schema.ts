// Entry shape of Session: the signed-in member as the web app sees it, or null.
import { z } from 'zod';

export const sessionEntry = z
  .object({
    author: z.string(),
    fullName: z.string(),
    iconUrl: z.string(),
    email: z.string(),
    isOwner: z.boolean(),
    isAdmin: z.boolean(),
    isMember: z.boolean(),
    state: z.enum(['owner', 'active', 'pending', 'blocked']).nullable().meta({ description: 'null when not a member of this network' }),
    csrfToken: z.string().nullable().meta({ description: 'send it as X-CSRF-Token on POST, PUT and DELETE' }),
  })
  .nullable()
  .meta({ description: 'null when nobody is signed in through the web app' });
