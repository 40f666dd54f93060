// Whether the shop offers WeChat registration and binding (GET /api/global/shop_mode `wechat`):
// the demo's stand-in only; production has no WeChat adapter yet, so its entries stay hidden and
// the stand-in's API answers 404 (docs/decisions/wechat-binding.md). Undefined until the mode is
// known: entries appear only on `true`, so a shop never flashes them.
import { useQuery } from '@tanstack/react-query';
import { shopModeQuery } from '../../api/common';

export function useWechatOffered(): boolean | undefined {
  return useQuery(shopModeQuery()).data?.wechat;
}
