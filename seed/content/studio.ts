import type { SeedStudio } from "../types.ts";
import { img, paragraphs } from "./helpers.ts";

export const studio: SeedStudio = {
  name: "Hay Creek Woodworks",
  shortName: "haycreek",
  legalName: "Hay Creek Woodworks LLC",
  tagline: "Heirloom furniture from Pennsylvania hardwoods, milled, dried and built by hand in Berks County.",
  street: "1187 Hay Creek Road",
  city: "Birdsboro",
  state: "PA",
  zip: "19508",
  country: "US",
  email: "studio@haycreekwoodworks.com",
  phone: "(610) 555-0142",
  hours: [
    { days: "Mon", hours: "10-6" },
    { days: "Tue and Wed", hours: "10-4" },
    { days: "Thu and Fri", hours: "10-6" },
    { days: "Sat", hours: "10-4" },
    { days: "Sun", hours: "closed" },
  ],
  socials: [
    { name: "Instagram", url: "https://www.instagram.com/haycreekwoodworks/" },
    { name: "Facebook", url: "https://www.facebook.com/haycreekwoodworks" },
    { name: "Pinterest", url: "https://www.pinterest.com/haycreekwoodworks/" },
    { name: "YouTube", url: "https://www.youtube.com/@haycreekwoodworks" },
    {
      name: "Houzz",
      url: "https://www.houzz.com/professionals/furniture-and-accessories/hay-creek-woodworks-pfvwus-pf~1846203",
    },
  ],
  founderName: "Leah Brubaker",
  founderSlug: "leah-brubaker",
  founderBio: paragraphs(
    "Leah Brubaker grew up on a dairy farm in the Oley Valley, where the woodlot was the first thing cut when milk prices fell and the last thing anyone thought to save. She spent her twenties raising timber frames with a crew out of Lancaster County, learning to read a log for twist and shake before it ever reached the saw, and to cut a mortise that would still be tight in a hundred years.",
    "In 2012 she bought a portable band saw mill and a 1870s bank barn on Hay Creek Road, and began collecting the walnut, oak and cherry that arborists and township crews were hauling to the chipper. Every tree that comes into the yard is logged with where it stood and why it came down; Leah still walks the stickered stacks every Monday morning with a moisture meter and a notebook.",
    "She designs every piece that leaves the studio, from a ten-foot walnut dining table to a turned bowl, and works with each client from the first sketch to the day the table is set in the room. <em>“A slab tells you what it wants to be. My job is mostly to listen, and then not to ruin it.”</em>",
  ),
  founderImages: [
    img("leah-brubaker-portrait.jpg", { kind: "portrait" }),
    img("leah-brubaker-sawmill.jpg", { kind: "scene", scene: "lumber-yard", species: "black walnut" }),
    img("leah-brubaker-bench.jpg", { kind: "scene", scene: "workshop", species: "white oak" }),
  ],
  story: paragraphs(
    "Hay Creek Woodworks began with a single storm-felled black walnut in Geigertown and a borrowed tractor. Leah Brubaker milled it into slabs on a portable saw mill, stickered them in the hayloft of a bank barn along Hay Creek, and waited two summers for the wood to dry. The first table from that tree still sits in a farmhouse kitchen three miles up the road.",
    "Every board we use has a history we can tell you. Most of our lumber is <strong>reclaimed or locally felled</strong>: walnut and cherry taken down for road widening in Chester County, white oak from a Lancaster County farm lane, sycamore that stood along the Schuylkill until a flood undercut its roots, and beams pulled from barns that could not be saved. We mill it ourselves, air-dry it a year per inch of thickness, and finish the drying in our own solar kiln so it stays flat in a heated house.",
    "The work is done by a team of five in the barn and the steel shop behind it. We join our tops with floating tenons and butterfly keys cut by hand, weld and powder-coat our own steel bases, and finish with hardwax oil or a ceramic coating depending on how the piece will be lived with. When the table is done, we deliver and set it ourselves anywhere within a day’s drive, and we stay in touch for the life of the piece.",
    "Come see us. The showroom in the barn is open most days, the slab yard is open to anyone willing to walk in work boots, and the coffee is always on.",
  ),
  storyVideoUrl: "https://www.youtube.com/watch?v=Qm7hR2kVx4E",
  leadTrackingScriptUrl: null,
};
