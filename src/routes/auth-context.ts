// What the route guards ask of the session; the app implements it (src/app/session.ts).
export interface AuthContext {
  isSignedIn(): boolean | Promise<boolean>;
}
