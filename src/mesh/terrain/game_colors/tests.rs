//! The colour tables' lookups and fallbacks, against the fitted table
//! and the hand-made colours.

use super::*;
use crate::mesh::terrain::texture_kinds::Kind;

/// Tables with nothing fitted: every colour the hand-made one.
const NOTHING_FITTED: Tables<'static> = Tables {
    ground: &[],
    cliff: &[],
    trees: &[],
    forests: &[],
    water: &[],
    beta_trees: DEFAULT_BETA_TREES,
    tft_beta_trees: DEFAULT_TFT_BETA_TREES,
    beta_ground: DEFAULT_BETA_GROUND,
};

fn sum(c: [u8; 3]) -> u32 {
    c.iter().map(|&v| v as u32).sum()
}

/// The mean absolute difference of two colours, a channel.
fn off(a: [u8; 3], b: [u8; 3]) -> f32 {
    (0..3).map(|k| a[k].abs_diff(b[k]) as f32).sum::<f32>() / 3.0
}

#[test]
fn the_tables_are_sorted_for_lookup() {
    for table in [&fitted::GROUND[..], &fitted::CLIFF[..], &fitted::TREES[..]] {
        assert!(table.windows(2).all(|w| w[0].0 < w[1].0));
        for (id, c) in table {
            assert_eq!(lookup(table, id), Some(*c));
        }
    }
    assert!(fitted::FORESTS.windows(2).all(|w| w[0].0 < w[1].0));
}

#[test]
fn an_unknown_tree_takes_its_tilesets_forest_not_its_ground() {
    // A tree wall no minimap showed, on each tileset with a fitted forest:
    // the forest's colour, and not the colour of the tileset's grass.
    for &(tileset, forest) in &fitted::FORESTS {
        let unknown = [tileset, b'T', b'z', b'q'];
        assert_eq!(trees(&unknown, tileset, Era::Release), forest);
    }
    // Lordaeron Summer: like its tree wall LTlt, not like its grass
    // (the mean of every fitted `LT..` ID, crates and walls among them,
    // was grey-green and lighter than the grass).
    let summer = trees(b"LTzq", b'L', Era::Release);
    let grass = ground(b"Lgrs");
    assert!(off(summer, trees(b"LTlt", b'L', Era::Release)) < 6.0);
    assert!(off(summer, grass) > 10.0, "{summer:?} against {grass:?}");
    assert!(
        sum(summer) * 100 < sum(grass) * 90,
        "{summer:?} against {grass:?}"
    );
    // On the betas' minimaps forests are dark: a Lordaeron Fall tree
    // wall is far darker than the grass and dirt around it.
    let beta = trees(b"FTzq", b'F', Era::RocBeta);
    for g in [b"Fgrs", b"Fdrt", b"Fdro"] {
        let g = ground(g);
        assert!(off(beta, g) > 20.0, "{beta:?} against {g:?}");
        assert!(10 * sum(beta) < 6 * sum(g), "{beta:?} against {g:?}");
    }
    // A tileset no forest was fitted for: its hand-made forest is not
    // used while fitted ones exist; a mean of them is.
    let none = trees(b"?Tzq", b'?', Era::Release);
    assert_ne!(none, hand_made_trees(b'?'));
}

#[test]
fn an_unseen_snowy_tree_is_snowy_whatever_its_tileset() {
    // Cityscape's snowy tree wall where only Cityscape's green trees
    // and Winter's snowy ones were fitted (as on Winter Township, held
    // out): Winter's snow, not Cityscape's green forest.
    let t = Tables {
        ground: &[],
        cliff: &[],
        trees: &[(b"WTst", [110, 170, 180]), (b"YTct", [35, 95, 36])],
        forests: &[(b'W', [86, 160, 180]), (b'Y', [41, 94, 52])],
        water: &[],
        beta_trees: DEFAULT_BETA_TREES,
        tft_beta_trees: DEFAULT_TFT_BETA_TREES,
        beta_ground: DEFAULT_BETA_GROUND,
    };
    assert_eq!(t.trees(b"YTst", b'W', Era::Release), [110, 170, 180]);
    // Other unseen Cityscape trees keep Cityscape's forest.
    assert_eq!(t.trees(b"YTzz", b'W', Era::Release), [41, 94, 52]);
    // With no snowy tree fitted: snow made by hand, not green.
    let none = Tables { trees: &[], ..t };
    assert_eq!(
        none.trees(b"NTiw", b'C', Era::Release),
        hand_made_trees(b'W')
    );
}

#[test]
fn unknown_ground_and_cliffs_take_their_kind_and_tileset_never_a_hash() {
    // A Lordaeron Fall texture the fit never saw: near the fitted Fall
    // grounds, not a colour hashed from its name.
    let fall: Vec<[u8; 3]> = fitted::GROUND
        .iter()
        .filter(|(k, _)| k[0] == b'F')
        .map(|(_, c)| *c)
        .collect();
    let unknown = ground(b"Fzqq");
    assert_ne!(unknown, texture_color(b"Fzqq"));
    assert!(off(unknown, mean(&fall).unwrap()) < 2.0);
    // Dirt of an unknown tileset: the fitted dirts' mean.
    let dirts = mean_where(&fitted::GROUND, |k| &k[1..] == b"drt").unwrap();
    assert_eq!(ground(b"?drt"), dirts);
    // Cliffs: an unknown Fall cliff is like Fall's cliffs.
    let cliff_fall = mean_where(&fitted::CLIFF, |k| k[1] == b'F').unwrap();
    assert!(off(cliff(b"CFzz"), cliff_fall) < 2.0);
    assert_ne!(cliff(b"CFzz"), texture_color(b"CFzz"));
    // Nothing fitted at all: the hand-made colours.
    let empty = NOTHING_FITTED;
    // A standard ID: its material's hand-made colour; any other ID a
    // colour by its name.
    assert_eq!(empty.ground(b"Lgrs"), Kind::Grass.hand_made());
    assert_eq!(empty.ground(b"Lzzz"), texture_color(b"Lzzz"));
    assert_eq!(
        empty.trees(b"LTlt", b'L', Era::Release),
        hand_made_trees(b'L')
    );
    assert_eq!(water_band(0.1), 0);
    assert_eq!(water_band(5.0), WATER_BANDS - 1);
}

#[test]
fn an_unseen_standard_ground_takes_its_materials_colour_moved_by_its_tileset() {
    // Northrend snow no minimap showed, where Winter's snow and dirt
    // and Northrend's dirt were fitted: snow, bluer and darker as
    // Northrend's dirt is than Winter's; not the mean of Northrend's
    // grounds, which are dark.
    let table: IdTable = &[
        (b"Ndrt", [70, 80, 95]),
        (b"Wdrt", [90, 85, 80]),
        (b"Wsnw", [200, 210, 220]),
    ];
    let t = Tables {
        ground: table,
        ..NOTHING_FITTED
    };
    // Dirt is [80, 83, 88] (both dirts); Northrend's is 10 less red,
    // 3 less green and 7 bluer.
    assert_eq!(t.ground(b"Nsnw"), [190, 207, 227]);
    // A material no row has: its hand-made colour, moved alike.
    let ice = Kind::Ice.hand_made();
    assert_eq!(t.ground(b"Nice"), [ice[0] - 10, ice[1] - 3, ice[2] + 7]);
    // Black marble is dark whatever tileset's marble was fitted.
    let dark: IdTable = &[(b"Xblm", [20, 18, 22]), (b"Ydrt", [120, 110, 90])];
    let t = Tables { ground: dark, ..t };
    assert!(sum(t.ground(b"Yblm")) < 120, "{:?}", t.ground(b"Yblm"));
}

#[test]
fn outlands_water_is_its_abyss_fitted_or_not() {
    // The Consortium's minimap: Outland's deep water near black and
    // reddish, not the blue of a sea.
    let no_fit = Tables {
        ground: &[],
        cliff: &[],
        trees: &[],
        forests: &[],
        water: &fitted::WATER[..1],
        beta_trees: DEFAULT_BETA_TREES,
        tft_beta_trees: DEFAULT_TFT_BETA_TREES,
        beta_ground: DEFAULT_BETA_GROUND,
    };
    assert_ne!(fitted::WATER[0].0, b'O');
    for t in [FITTED, no_fit] {
        let (a, [r, g, b]) = t.water(b'O', WATER_BANDS - 1);
        assert!(a > 0.5 && r >= b && r >= g, "{a} {:?}", [r, g, b]);
        assert!(r as u32 + g as u32 + b as u32 <= 120, "{:?}", [r, g, b]);
    }
    // Another tileset no fit has takes the fitted seas', not the abyss.
    let (_, [r, _, b]) = FITTED.water(b'?', WATER_BANDS - 1);
    assert!(b > r + 40);
}

#[test]
fn an_unseen_tilesets_water_takes_its_climates() {
    // Northrend unseen, Winter and Summer fitted: Northrend's water is
    // Winter's (both snowy), not the mean of both; a tileset of no
    // fitted climate takes the mean.
    let winter = [(60, [50, 60, 170]); WATER_BANDS];
    let summer = [(200, [10, 10, 110]); WATER_BANDS];
    let water = [(b'L', summer), (b'W', winter)];
    let t = Tables {
        ground: &[],
        cliff: &[],
        trees: &[],
        forests: &[],
        water: &water,
        beta_trees: DEFAULT_BETA_TREES,
        tft_beta_trees: DEFAULT_TFT_BETA_TREES,
        beta_ground: DEFAULT_BETA_GROUND,
    };
    assert_eq!(t.water(b'N', 1), (60.0 / 255.0, [50, 60, 170]));
    assert_eq!(t.water(b'B', 1), (130.0 / 255.0, [30, 35, 140]));
}

#[test]
fn the_frozen_throne_betas_draw_every_tree_in_one_green() {
    // Ice Flow in betas 299 to 304 (w3i 23 and 24): its snowy trees
    // are green on its minimap, pale on later Northrend maps.
    assert_eq!(Era::of(Some(23)), Era::TftBeta);
    assert_eq!(Era::of(Some(24)), Era::TftBeta);
    assert_eq!(Era::of(Some(18)), Era::Release);
    assert_eq!(Era::of(Some(25)), Era::Release);
    assert_eq!(Era::of(Some(15)), Era::RocBeta);
    let beta = trees(b"WTst", b'N', Era::TftBeta);
    assert_eq!(beta, trees(b"LTlt", b'L', Era::TftBeta));
    let [r, g, b] = beta;
    assert!(g > r + 30 && g > b + 30, "{beta:?}");
    let [r, g, b] = trees(b"WTst", b'N', Era::Release);
    assert!(b >= g && g > r, "later: pale and bluish, {:?}", [r, g, b]);
}

#[test]
fn an_unseen_tree_of_another_tileset_takes_that_tilesets_forest() {
    // A Northrend tree no minimap showed, on a Felwood map: Northrend's
    // forest, not Felwood's.
    let (n, c) = (FITTED.forest(b'N'), FITTED.forest(b'C'));
    assert_ne!(n, c);
    assert_eq!(trees(b"NTzq", b'C', Era::Release), n);
    // A tree of a tileset with no forest: the map's.
    assert_eq!(trees(b"?Tzq", b'C', Era::Release), c);
}

#[test]
fn water_reads_as_water() {
    // Every tileset's water is blue to cyan, never violet: red its
    // weakest channel and blue at least three quarters of green.
    for tileset in (b'A'..=b'Z').filter(|&t| !is_abyss(t)) {
        for band in 0..WATER_BANDS {
            let (_, [r, g, b]) = water(tileset, band);
            let c = [r, g, b];
            assert!(r <= g && r <= b, "{} band {band}: {c:?}", tileset as char);
            assert!(
                4 * b as u32 >= 3 * g as u32,
                "{} band {band}: {c:?}",
                tileset as char
            );
        }
    }
    // The sea over any of its tileset's grounds, as the views blend it,
    // is bluer than it is red and no redder than green: no lavender
    // over orange dirt.
    for &(tileset, _) in fitted::WATER.iter().filter(|w| !is_abyss(w.0)) {
        for &(id, _) in fitted::GROUND.iter().filter(|(k, _)| k[0] == tileset) {
            let d = ground(id);
            for band in 2..WATER_BANDS {
                let (a, w) = water(tileset, band);
                let seen: [f32; 3] =
                    std::array::from_fn(|k| a * w[k] as f32 + (1.0 - a) * d[k] as f32);
                assert!(
                    seen[2] >= seen[0] + 10.0 && seen[1] + 1.0 >= seen[0],
                    "{} band {band} over {}: {seen:?}",
                    tileset as char,
                    String::from_utf8_lossy(id)
                );
            }
        }
    }
}

#[test]
fn the_era_comes_from_the_w3i_version() {
    assert_eq!(Era::of(Some(8)), Era::RocBeta);
    assert_eq!(Era::of(Some(15)), Era::RocBeta);
    assert_eq!(Era::of(Some(18)), Era::Release);
    assert_eq!(Era::of(None), Era::Release);
}
