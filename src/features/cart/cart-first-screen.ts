// The cart's hold on the local store's start (src/local/start-holds.ts): the cart route's loader
// takes it when it asks for the cart, the page lets go once its lines (or the empty cart, or the
// failure) are drawn. A tiny pure module: the route loader in the first bundle imports it.
export const CART_FIRST_SCREEN_HOLD = 'cart-first-screen';
