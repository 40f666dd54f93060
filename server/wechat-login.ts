// What WeChat sign-in for the website is to the app (WeChat Open Platform 网站应用): an
// authorisation URL carrying our `state`, and the exchange of the `code` WeChat sends back for the
// buyer's identity. One adapter (server/services/wechat/open-platform.ts); the demo without
// settings has the stand-in confirmation page instead (docs/decisions/wechat-binding.md).
export interface WechatIdentity {
  /** The buyer's id for this website application (28 characters). */
  openid: string;
  /** The buyer's id across the open platform account's applications; '' when WeChat gives none. */
  unionid: string;
  nickname: string;
}

export interface WechatLogin {
  /** WeChat's QR-connect page for `state`; WeChat sends the browser back to our callback with a code. */
  authorizeUrl(state: string): string;
  /** code → access_token, openid, unionid → the user's info. Throws WechatFailure. */
  identify(code: string): Promise<WechatIdentity>;
}

/** WeChat refused the code or did not answer usably; what it said is for the log. */
export class WechatFailure extends Error {}
