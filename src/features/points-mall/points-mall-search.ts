// /jfsc URL state: none (the points mall is one short page); the route's search schema.
import type { SearchSchema } from '../../domain/params';

export const pointsMallSearch: SearchSchema<Record<string, never>> = () => ({});
