// AuditLog route table (our extension): what administrators did, for administrators.
import { endpoint } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import { listing } from '../../http/reply';
import { auditEntry, auditPresenter, listParams } from './schema';
import { listAudit } from './store';

export const auditEndpoints = [
  endpoint({
    method: 'GET',
    path: 'AuditLog/list',
    allow: 'admin',
    extension: true,
    summary:
      'Every administrative act (approvals, rejections, featuring, deletions of others’ content, member moderation, ' +
      'network settings, broadcasts, consumer keys, activity removal), newest first: who, what, when, on which item, from which address.',
    params: listParams,
    entry: auditEntry,
    handle: async (ctx, p) => {
      if (p.createdAfter !== undefined && p.createdBefore !== undefined && p.createdAfter > p.createdBefore) {
        throw new ApiError('invalidValue', "'createdAfter' must not be later than 'createdBefore'.");
      }
      const item = p.item && (p.item.networkId === ctx.network.id ? { type: p.item.type, id: p.item.id } : { type: p.item.type, id: -1 });
      const page = await listAudit(ctx.db, ctx.network.id, { ...p, item }, p.count, ctx.anchors.decode(p.anchor));
      return listing(ctx, auditPresenter, page, p.fields);
    },
  }),
];
