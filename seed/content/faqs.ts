import type { SeedFaqSection } from "../types.ts";
import { bullets, paragraphs } from "./helpers.ts";

export const faqs: SeedFaqSection[] = [
  {
    section: "Ordering",
    content: [
      {
        question: "Can I see a piece before I buy it?",
        answer: paragraphs(
          "Yes. Our showroom and slab yard in Birdsboro are open Monday to Saturday; see the hours at the foot of this page. We are happy to set aside time for you if you call ahead, and we can hold a slab for 48 hours while you decide.",
        ),
      },
      {
        question: "What does “Sale Pending” mean?",
        answer: paragraphs(
          "Another client has reserved the piece and is completing the purchase. Use <strong>Request Similar</strong> and we will show you comparable slabs or bases from the yard, or let you know if the reservation falls through.",
        ),
      },
      {
        question: "An item is out of stock. Can I still order it?",
        answer: paragraphs(
          "Usually. Press <strong>Order this</strong> and tell us the finish you would like; we will let you know when we can build another and from which boards. Pieces cut from one particular tree cannot always be repeated exactly.",
        ),
      },
      {
        question: "Do you take deposits for made-to-order pieces?",
        answer: paragraphs(
          "Items in stock are paid in full at checkout. For commissions we take a 50% deposit when you approve the drawing and the boards, and the balance before delivery.",
        ),
      },
    ],
  },
  {
    section: "Shipping & Delivery",
    content: [
      {
        question: "How are large tables delivered?",
        answer: paragraphs(
          "Dining tables, desks and other large pieces show <strong>Specialized shipping</strong>. We deliver them ourselves within about 300 miles of the studio, carry them in, assemble them and level them in place. Further afield we work with a white-glove furniture carrier and quote the cost before you order.",
        ),
      },
      {
        question: "How are smaller items shipped?",
        answer: paragraphs(
          "Cutting boards, bowls, shelves and side tables ship by parcel carrier, packed in recycled cardboard and wood wool. Rates are calculated at checkout from the weight and size of your order.",
        ),
      },
      {
        question: "Do you ship outside the United States?",
        answer: paragraphs(
          "Small goods ship within the United States only. For furniture abroad, contact us and we will arrange crating and freight.",
        ),
      },
    ],
  },
  {
    section: "Care & Finishes",
    content: [
      {
        question: "What is the difference between natural oil and ceramic coating?",
        answer: paragraphs(
          "<strong>Natural oil</strong> is a hardwax oil rubbed into the wood. It feels like bare wood, is easy to repair at home, and wants a refresh coat once a year or two.",
          "<strong>Ceramic coating</strong> bonds a thin, hard layer to the surface. It resists water rings, heat and wine far better and protects for up to five years, at the cost of a slightly smoother feel. We recommend it for kitchens, bars and busy family tables.",
        ),
      },
      {
        question: "How do I clean my table day to day?",
        answer: bullets(
          "Wipe with a damp cloth and a drop of mild dish soap, then dry.",
          "Avoid sprays with silicone or ammonia; they cloud oil finishes.",
          "Use trivets under hot pans and coasters under glasses on oiled tops.",
        ),
      },
      {
        question: "Will my table crack or move?",
        answer: paragraphs(
          "Solid wood always moves a little with the seasons. We dry every slab to 8% moisture and attach tops with slotted hardware so they can move freely. Keep the table away from radiators and heating vents and run a humidifier in very dry winters.",
        ),
      },
      {
        question: "Can you refresh an older piece?",
        answer: paragraphs(
          "Yes, ours or anyone’s. Refinishing is one of our <em>additional services</em>, billed at our day rate; ask for a quote through the contact page.",
        ),
      },
    ],
  },
  {
    section: "Custom Work",
    content: [
      {
        question: "How does a commission work?",
        answer: paragraphs(
          "Send us the custom design form with the room, the size and the feeling you are after. We reply with ideas and a budget range, then invite you to choose boards in the yard. Once you approve a drawing, we build, send progress photos, and deliver.",
        ),
      },
      {
        question: "How long does a custom piece take?",
        answer: paragraphs(
          "Most tables take eight to twelve weeks from approval. Built-ins, staircases and large conference tables take longer; we will give you a date when you approve the drawing.",
        ),
      },
      {
        question: "Can you use wood from my own tree?",
        answer: paragraphs(
          "Often, yes. We can mill a log on site with our portable saw mill, but it then needs at least a year per inch of thickness to air-dry before we can build with it. Call us before the tree is cut if you can; how it is felled matters.",
        ),
      },
      {
        question: "Do you offer 3-D renderings?",
        answer: paragraphs("Yes, for $1,000 plus tax, with half credited to your final bill if we build the piece."),
      },
    ],
  },
  {
    section: "Slabs",
    content: [
      {
        question: "Can I buy a slab without a base?",
        answer: paragraphs(
          "Yes. Slabs are sold dried and rough, or flattened, sanded and finished. Pair a slab with any of our bases and we will fit and assemble them for you.",
        ),
      },
      {
        question: "How many people will a slab seat?",
        answer: paragraphs(
          "Each slab page shows a seating estimate: about 24 inches of edge per person. A slab of 72 inches and under is usually a coffee table, desk or small table; over 72 inches, a dining table for six or more.",
        ),
      },
      {
        question: "Where do your slabs come from?",
        answer: paragraphs(
          "Almost all are from trees felled within 40 miles of the studio, by storms, disease or construction, and milled by us. Our claro walnut comes from orchard growers in Sonoma County, California, and our sapele from a Philadelphia importer of legally harvested West African timber.",
        ),
      },
    ],
  },
];
