// Parameters and entry shape of the audit log.
import { z } from 'zod';
import { anyContentIdParam, dateParam, listingParams } from '../../http/param-types';
import { isoDate, type Presenter } from '../../http/fields';
import { personRef } from '../users/author-ref';
import { auditActions, auditItemTypes, type AuditRow } from './store';

export const listParams = z.object({
  actor: z.string().max(100).optional().meta({ description: 'screen name of the administrator who acted' }),
  action: z
    .array(z.enum(auditActions))
    .optional()
    .meta({ description: `only these acts (repeatable): ${auditActions.join(', ')}` }),
  itemType: z
    .array(z.enum(auditItemTypes))
    .optional()
    .meta({ description: `only acts on these types (repeatable): ${auditItemTypes.join(', ')}` }),
  item: anyContentIdParam.optional().meta({ description: 'only acts on this item (its id, e.g. 1234567:BlogPost:12)' }),
  createdAfter: dateParam.optional().meta({ description: 'acts at or after this ISO-8601 date' }),
  createdBefore: dateParam.optional().meta({ description: 'acts before this ISO-8601 date' }),
  ...listingParams,
});

export const auditEntry = z
  .object({
    id: z.string(),
    author: z.string().meta({ description: 'screen name of the administrator who acted' }),
    action: z.enum(auditActions),
    itemType: z.enum(auditItemTypes),
    item: z.string().nullable().meta({ description: 'id of the item acted on (it may since have been deleted)' }),
    title: z.string().nullable().meta({ description: 'the item’s title or name at the time' }),
    detail: z.record(z.string(), z.unknown()).nullable().meta({ description: 'what the act set, when it says more than its action' }),
    address: z.string().nullable().meta({ description: 'the address the request came from' }),
    createdDate: z.iso.datetime(),
  })
  .meta({ title: 'AuditEntry' });

export const auditPresenter: Presenter<AuditRow> = {
  fields: {
    id: (r, ctx) => `${ctx.networkId}:AuditEntry:${r.id}`,
    author: (r) => r.screen_name,
    action: (r) => r.action,
    itemType: (r) => r.item_type,
    item: (r, ctx) => (r.item_id === null ? null : r.item_type === 'Network' ? String(ctx.networkId) : `${ctx.networkId}:${r.item_type}:${r.item_id}`),
    title: (r) => r.item_title,
    detail: (r) => (r.detail === null ? null : (JSON.parse(r.detail) as Record<string, unknown>)),
    address: (r) => r.address,
    createdDate: (r) => isoDate(r.created_at),
  },
  refs: { author: personRef((r) => ({ screenName: r.screen_name, fullName: r.full_name, iconUrl: r.icon_url })) },
  defaults: ['id', 'author', 'action', 'itemType', 'item', 'title', 'detail', 'address', 'createdDate', 'author.fullName', 'author.iconUrl', 'author.url'],
};
