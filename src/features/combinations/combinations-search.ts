// /zhzq URL state: none (every active combination fits one page); the route's search schema.
import type { SearchSchema } from '../../domain/params';

export const combinationsSearch: SearchSchema<Record<string, never>> = () => ({});
