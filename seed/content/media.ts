import { sampleLook } from "../images/looks.ts";
import type { FurniturePiece, SeedCampaign, SeedImage, SeedMediaPost, Species, TopFinish } from "../types.ts";
import { divergenceTable } from "./divergence.ts";
import { img, paragraphs, picture, seedOf } from "./helpers.ts";
import { piecePictures } from "./recipes.ts";
import { studio } from "./studio.ts";

/** A long live edge board, or a book-matched pair, as the journal shows the yard. */
function slabCut(species: Species, cut: "board" | "pair") {
  const size = { length: 108, width: cut === "pair" ? 44 : 30, thickness: 2.5 };
  return { species, cut, edge: "live" as const, size };
}

/** A top close up in one finish, for the post that compares them. */
function finishSample(stem: string, piece: FurniturePiece, species: Species, finish: TopFinish): SeedImage {
  const look = sampleLook(piece, species, null, seedOf(stem), { finish, edge: "live", shape: "rectangular" });
  return picture(stem, { kind: "furniture", view: "detail", ...look });
}

export const mediaPosts: SeedMediaPost[] = [
  {
    title: "From Storm to Table: The Morgantown Walnut",
    date: "2024-12-05",
    content: paragraphs(
      "In late August a line of thunderstorms came up the Conestoga valley and took down a black walnut that had stood beside a farm lane outside Morgantown for about 140 years. The owners called us the next morning. By the afternoon Jonah had the portable mill set up beside the trunk.",
      "Walnut that large is rare in the East now. The butt log alone was 38 inches across, and we sawed it through and through into twenty-two slabs, each numbered in sequence so that pairs could be book-matched later. Every slab is <strong>logged with the tree’s location, the date and the reason it came down</strong>; that record travels with the finished piece.",
      "The slabs will spend two summers stickered in the hayloft before they see the kiln. The first of them, a pair we have nicknamed the twins, is already spoken for as a Conestoga table. The rest will appear in the slab yard over the next two years.",
    ),
    images: [
      img("morgantown-walnut-milling.jpg", { kind: "scene", scene: "lumber-yard", species: "black walnut" }),
      img("morgantown-walnut-slab.jpg", { kind: "slab", view: "top", ...slabCut("black walnut", "board") }),
    ],
    videos: ["https://www.youtube.com/watch?v=Mt4wN8pQa2L"],
    seo: {
      title: "From Storm to Table: Milling a 140-Year-Old Walnut",
      description: "How a storm-felled Berks County black walnut became twenty-two numbered slabs in our barn.",
    },
  },
  {
    title: "Why We Wait: Drying Slabs in the Barn",
    date: "2025-03-18",
    content: paragraphs(
      "The question we hear most in the slab yard is why a table takes so long when the slab is sitting right there. The answer is water. A freshly sawn walnut slab can hold more than its own weight in it, and wood shrinks as it dries, unevenly, across the grain.",
      "We air-dry our slabs a year per inch of thickness, stacked on stickers with air moving between them and weights on top to keep them flat. Then they spend three to six weeks in our solar kiln, which takes them down to about <strong>8% moisture</strong>, the level a heated Pennsylvania house will hold them at in winter.",
      "Rushing this step is the reason so many slab tables cup, twist or split their first winter indoors. We would rather you wait a month for a table that stays flat for a hundred years.",
    ),
    images: [img("slab-drying-barn.jpg", { kind: "scene", scene: "workshop", species: "white oak" })],
    videos: [],
    seo: {
      title: "Why We Air-Dry and Kiln-Dry Every Slab",
      description: "Air-drying a year per inch, then the solar kiln: why our slab tables stay flat in heated homes.",
    },
  },
  {
    title: "Natural Oil or Ceramic Coating?",
    date: "2025-06-24",
    content: paragraphs(
      "Every table we build leaves with one of two finishes, and we are asked every week which is better. Neither: they suit different lives.",
      "<strong>Natural oil</strong> soaks into the wood and hardens there. The surface feels like wood, not a coating, and a scratch or a water mark can be sanded lightly and re-oiled at home in ten minutes. It asks for a fresh coat once a year or two.",
      "<strong>Ceramic coating</strong> bonds a very thin, very hard layer to the top. Hot mugs, red wine and homework markers wipe straight off, and it protects for up to five years. It feels a little smoother and is best repaired by us.",
      "Our rule of thumb: oil for a quiet dining room, ceramic for a busy kitchen, a bar or a family with small children. Either way, we will show you both on a sample board from your own slab before we finish it.",
    ),
    images: [
      finishSample("finish-oil-sample", "dining-table", "cherry", "oil"),
      finishSample("finish-ceramic-sample", "coffee-table", "ambrosia maple", "ceramic"),
    ],
    videos: ["https://youtu.be/Fc6kS1rLm9T"],
    seo: {
      title: "Natural Oil vs Ceramic Coating for Wood Tables",
      description:
        "How hardwax oil and ceramic coating differ in feel, protection and care, and which suits your home.",
    },
  },
  {
    title: "A Visit to the Claro Walnut Orchards",
    date: "2025-10-02",
    content: paragraphs(
      "Claro walnut is the only wood in our yard that grows more than a day’s drive away, and this autumn Leah flew to Sonoma County to see where it comes from.",
      "Most of it is orchard wood. For a century, California growers grafted English walnut onto hardy claro root stock; when an old orchard is replanted, the trees come out roots and all, and the wildest figure is found right at the graft line and in the stump. The grower we buy from has been air-drying slabs in open barns for decades.",
      "She came home with three book-matched pairs and a long marbled slab, all now in the yard. <em>They are the most extraordinary wood we have ever had in the barn.</em> Come and see them before they become tables.",
    ),
    images: [
      img("sonoma-orchard.jpg", { kind: "scene", scene: "forest", species: "claro walnut" }),
      img("sonoma-claro-barn.jpg", { kind: "scene", scene: "lumber-yard", species: "claro walnut" }),
      img("sonoma-claro-pair.jpg", { kind: "slab", view: "top", ...slabCut("claro walnut", "pair") }),
    ],
    videos: [],
    seo: {
      title: "Sourcing Claro Walnut in Sonoma County",
      description: "A visit to the California orchards where our claro walnut slabs are grown, felled and air-dried.",
    },
  },
  {
    title: "Introducing Divergence",
    date: "2026-02-11",
    content: paragraphs(
      "For years clients asked for our walnut table in oak, or in a different size, or with a bronze base instead of black. Divergence is our answer: one design, built your way.",
      "The base is two splayed steel legs that lean away from each other under the top, joined by a hidden stretcher. There are no corner legs, so every chair slides in and nobody straddles a post. You choose the species, the size, a live or square edge, one of eight base finishes and the top finish, and the price updates as you go.",
      "Every Divergence top is still cut from our own air-dried stock and matched by hand. Try the configurator, or come build one with us in the showroom.",
    ),
    images: [
      ...piecePictures(divergenceTable("white oak", "brass", `72" x 40"`), ["angle"]),
      img("divergence-launch-room.jpg", { kind: "scene", scene: "dining-room", species: "black walnut" }),
    ],
    videos: ["https://www.youtube.com/shorts/Dg2pV7xYc5K"],
    seo: {
      title: "Introducing the Divergence Dining Table",
      description: "Our configurable dining table: choose species, size, edge, base finish and top finish.",
    },
  },
  {
    title: "Open Barn Weekend 2026",
    date: "2026-09-15",
    content: paragraphs(
      "Thank you to the more than four hundred people who came out to Hay Creek Road for our Open Barn Weekend. Tomás cut butterfly keys at the bench all day, Marcus welded a Divergence base from bar stock in front of a very patient crowd, and Jonah milled a cherry log on the portable mill.",
      "We also raised $3,800 for the Hay Creek Valley watershed association through the raffle of a live edge serving board and a Tinicum side table. The winners have been told and the pieces delivered.",
      "We will do it again next September. Sign up for our newsletter to hear the dates first.",
    ),
    images: [
      img("open-barn-2026-crowd.jpg", { kind: "scene", scene: "gallery", species: "cherry" }),
      img("open-barn-2026-mill.jpg", { kind: "scene", scene: "lumber-yard", species: "cherry" }),
    ],
    videos: [],
    seo: {
      title: "Open Barn Weekend 2026 at Hay Creek Woodworks",
      description:
        "Live milling, welding and joinery demonstrations at our Birdsboro studio, and a raffle for the watershed.",
    },
  },
];

type EmailInput = {
  title: string;
  preheader: string;
  image: SeedImage;
  body: string[];
  button: { text: string; href: string };
};

/** A complete newsletter e-mail in the table layout mail clients expect, with inline styles only. */
function emailHtml(input: EmailInput): string {
  const text = input.body
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px;font-family:Georgia,'Times New Roman',serif;font-size:17px;line-height:1.6;color:#2b2520;">${paragraph}</p>`,
    )
    .join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${input.title}</title>
</head>
<body style="margin:0;padding:0;background-color:#f5f1ea;">
<div style="display:none;max-height:0;overflow:hidden;">${input.preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f5f1ea;">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background-color:#fffdf9;">
<tr><td style="padding:28px 40px;text-align:center;font-family:Helvetica,Arial,sans-serif;font-size:13px;letter-spacing:4px;text-transform:uppercase;color:#5a4632;">${studio.name}</td></tr>
<tr><td><img src="/images/media/${input.image.fileName}" width="600" alt="${input.title}" style="display:block;width:100%;height:auto;border:0;"></td></tr>
<tr><td style="padding:36px 40px 8px;">
<h1 style="margin:0 0 20px;font-family:Georgia,'Times New Roman',serif;font-size:30px;font-weight:normal;line-height:1.2;color:#1f1a16;">${input.title}</h1>
${text}
</td></tr>
<tr><td align="center" style="padding:8px 40px 40px;">
<a href="${input.button.href}" style="display:inline-block;padding:14px 32px;background-color:#5a4632;color:#fffdf9;font-family:Helvetica,Arial,sans-serif;font-size:13px;letter-spacing:2px;text-transform:uppercase;text-decoration:none;">${input.button.text}</a>
</td></tr>
<tr><td style="padding:24px 40px;border-top:1px solid #e4dccf;text-align:center;font-family:Helvetica,Arial,sans-serif;font-size:12px;line-height:1.6;color:#6b5d50;">
${studio.name} &middot; ${studio.street}, ${studio.city}, ${studio.state} ${studio.zip}<br>
${studio.phone} &middot; <a href="mailto:${studio.email}" style="color:#6b5d50;">${studio.email}</a><br>
You are receiving this because you signed up for our newsletter.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

type CampaignInput = Omit<SeedCampaign, "html"> & {
  preheader: string;
  body: string[];
  button: { text: string; href: string };
};

function campaign(input: CampaignInput): SeedCampaign {
  const { preheader, body, button, ...fields } = input;
  return { ...fields, html: emailHtml({ title: input.title, preheader, image: input.image, body, button }) };
}

export const campaigns: SeedCampaign[] = [
  campaign({
    campaignId: "c4e9a17b02",
    title: "Winter in the Slab Yard",
    description: "Twenty-two new walnut slabs, a look inside the kiln, and our winter hours.",
    image: img("campaign-winter-slab-yard.jpg", { kind: "scene", scene: "lumber-yard", species: "black walnut" }),
    createdDate: "2025-01-14T14:00:00.000Z",
    preheader: "New walnut in the yard, and what the cold months mean for drying.",
    body: [
      "Snow on the barn roof means the kiln is running full. This month we moved the first of the Morgantown walnut slabs out of the hayloft and into the kiln for their final drying.",
      "We have also listed twelve new slabs in the yard, from a 30-inch walnut cookie for the wall to a twelve-foot riverbank walnut from Upper Black Eddy.",
      "The showroom keeps its regular hours through the winter. Bring boots; the yard is muddy.",
    ],
    button: { text: "See the new slabs", href: "/slabs" },
  }),
  campaign({
    campaignId: "7f3b0d9e51",
    title: "Spring Open Barn",
    description: "Two days of milling, joinery and welding demonstrations at the studio.",
    image: img("campaign-spring-open-barn.jpg", { kind: "scene", scene: "workshop", species: "cherry" }),
    createdDate: "2025-04-08T13:30:00.000Z",
    preheader: "Come watch us mill a log, cut a butterfly key and weld a base.",
    body: [
      "On the last weekend of April the barn doors will be open from ten until four. Jonah will be milling a cherry log on the portable mill, Tomás will be cutting joinery at the bench, and Marcus will be welding in the steel shop.",
      "Walk the slab yard, sit at every table in the showroom, and ask us anything. Coffee and soft pretzels from the Birdsboro bakery down the road.",
    ],
    button: { text: "Plan your visit", href: "/contact" },
  }),
  campaign({
    campaignId: "e2d58c6a90",
    title: "Meet Divergence",
    description: "Our new configurable dining table, in four species and eight base finishes.",
    image: piecePictures(divergenceTable("black walnut", "matte black", `72" x 40"`), ["front"])[0]!,
    createdDate: "2026-02-12T15:00:00.000Z",
    preheader: "One design, built your way: choose the wood, the size, the edge and the base.",
    body: [
      "Divergence is the first table you can design on our website from start to finish. Choose black walnut, white oak, cherry or ambrosia maple; pick a size from 72 to 120 inches; decide on a live or square edge; choose one of eight base finishes; and finish the top in oil or ceramic.",
      "Every top is still cut from our own air-dried boards and matched by hand, and every base is welded in our shop. Tables ship in six to eight weeks.",
    ],
    button: { text: "Build your table", href: "/divergence" },
  }),
  campaign({
    campaignId: "5b8f1e3c7d",
    title: "The Summer Slab Sale",
    description: "Selected slabs and bases reduced while we make room for this year’s milling.",
    image: img("campaign-summer-slab-sale.jpg", { kind: "slab", view: "top", ...slabCut("claro walnut", "board") }),
    createdDate: "2026-06-03T12:00:00.000Z",
    preheader: "Claro walnut, elm and sycamore slabs reduced for June.",
    body: [
      "Every summer we need the space in the barn for the logs we mill in the fall. This June a selection of slabs and bases is reduced, including a marbled claro walnut eleven feet long and the widest board from the Reading City Park elm.",
      "Reduced pieces are marked <strong>Sale</strong> in the slab yard and on the website. Reserve one with a deposit and we will hold it while you choose a base.",
    ],
    button: { text: "Shop the sale", href: "/slabs" },
  }),
  campaign({
    campaignId: "9d04a6f2b8",
    title: "Holiday Commissions Close December 1",
    description: "The last date to commission a table for delivery before the new year.",
    image: img("campaign-holiday-commissions.jpg", { kind: "scene", scene: "dining-room", species: "cherry" }),
    createdDate: "2026-10-20T14:00:00.000Z",
    preheader: "Want a table under this year’s holiday dinner? Here is the timeline.",
    body: [
      "If you would like a new dining table in place for the holidays, we need your commission by <strong>December 1</strong>. That gives us time to choose the boards with you, build, finish and deliver before the new year.",
      "Gifts are easier: our cutting boards, bowls and peg rails ship within three days through December 18, each with a card telling the story of its tree.",
    ],
    button: { text: "Start a commission", href: "/custom-design" },
  }),
];
