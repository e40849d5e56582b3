import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/shell.tsx", [
    index("routes/home.tsx"),
    route("shop", "routes/shop.tsx"),
    route("slabs", "routes/slabs.tsx"),
    route("bases", "routes/bases.tsx"),
    route("products/:id/:variantId?", "routes/product-detail.tsx"),
    route("slabs/:id/:variantId?", "routes/slab-detail.tsx"),
    route("bases/:id/:variantId?", "routes/base-detail.tsx"),
    route("divergence", "routes/divergence.tsx"),
    route("table-builder", "routes/table-builder.tsx"),
    route("portfolio", "routes/portfolio.tsx"),
    route("look-book", "routes/look-book.tsx"),
    route("custom-design", "routes/custom-design.tsx"),
    route("our-story", "routes/our-story.tsx"),
    route("additional-services", "routes/additional-services.tsx"),
    route("contact", "routes/contact.tsx"),
    route("contact-submitted", "routes/contact-submitted.tsx"),
    route("faqs", "routes/faqs.tsx"),
    route("media", "routes/media.tsx"),
    route("media/:id", "routes/media-post.tsx"),
    route("newsletter/:campaignId", "routes/newsletter.tsx"),
    route("cart", "routes/cart.tsx"),
    route("wishlist", "routes/wishlist.tsx"),
    route("check-out", "routes/check-out.tsx"),
    route("subscribe", "routes/subscribe.tsx"),
    route("search", "routes/search.tsx"),
    // The founder page lives at the configured slug; any other single segment is a 404.
    route(":slug", "routes/founder.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
