//! What each of the game's standard ground textures shows, by its ID: the
//! material its file under `TerrainArt` is named for (`Nsnw` is
//! `Northrend\North_Snow.blp`: snow; `Dgrs` is `Dungeon\Cave_GreyStones.blp`:
//! stones, not grass). The list of IDs and file names is the game's
//! `TerrainArt\Terrain.slk`; the three letters after the tileset letter do
//! not say the material on their own (`Bdrr` is Barrens pebbles, `Xblm`
//! Dalaran black marble).
//!
//! A ground ID no minimap showed takes the colour the fitted IDs of the
//! same material have ([`super::game_colors`]); only a material none of
//! them has falls back to [`Kind::hand_made`], a colour chosen from what
//! the material is, not fitted.

/// A ground texture's material, as coarse as the minimap needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Dirt,
    /// Rough, dark or cracked dirt, pebbles.
    RoughDirt,
    /// Dirt with grass in it.
    GrassyDirt,
    Grass,
    /// Dark, thick or lumpy grass, vines.
    DarkGrass,
    /// Fallen leaves.
    Leaves,
    Rock,
    /// Desert and beach sand.
    Sand,
    Snow,
    /// Snow over grass or rock.
    PatchySnow,
    Ice,
    /// Black marble, black bricks and tiles, dark rocks.
    DarkStone,
    /// White marble.
    LightStone,
    /// Paving: tiles, bricks, cobbles, flat stones, paths.
    Paving,
    Lava,
    Crops,
    /// Felwood's poisoned ground.
    Poison,
    /// Outland's abyss: a black void.
    Abyss,
}

impl Kind {
    /// A colour for the material as a minimap shows it, chosen from what
    /// it is (the game's textures, seen from above and shrunk): for a
    /// material no fitted ID has.
    pub fn hand_made(self) -> [u8; 3] {
        match self {
            Kind::Dirt => [100, 78, 50],
            Kind::RoughDirt => [88, 68, 45],
            Kind::GrassyDirt => [80, 85, 42],
            Kind::Grass => [55, 95, 32],
            Kind::DarkGrass => [42, 78, 28],
            Kind::Leaves => [95, 75, 38],
            Kind::Rock => [100, 96, 86],
            Kind::Sand => [165, 135, 90],
            Kind::Snow => [200, 210, 222],
            Kind::PatchySnow => [150, 160, 165],
            Kind::Ice => [110, 165, 195],
            Kind::DarkStone => [40, 38, 42],
            Kind::LightStone => [180, 178, 170],
            Kind::Paving => [115, 108, 95],
            Kind::Lava => [190, 80, 25],
            Kind::Crops => [110, 100, 50],
            Kind::Poison => [60, 100, 45],
            Kind::Abyss => [12, 6, 14],
        }
    }
}

/// Every standard ground ID and its material, by tileset (the file each
/// ID names in `Terrain.slk` in the comments where the ID does not say).
const GROUND: &[(&[u8; 4], Kind)] = {
    use Kind::*;
    &[
        // Ashenvale: Ashen_Dirt, _DirtRough, _Grass, _Rcok, _GrassLumpy,
        // _Vines, _DirtGrass, _Leaves.
        (b"Adrd", RoughDirt),
        (b"Adrg", GrassyDirt),
        (b"Adrt", Dirt),
        (b"Agrd", DarkGrass),
        (b"Agrs", Grass),
        (b"Alvd", Leaves),
        (b"Arck", Rock),
        (b"Avin", DarkGrass),
        // Barrens: _Dirt, _DirtRough, _Pebbles, _DirtGrass, _Desert,
        // _DesertDark, _Rock, _Grass.
        (b"Bdrg", GrassyDirt),
        (b"Bdrh", RoughDirt),
        (b"Bdrr", RoughDirt),
        (b"Bdrt", Dirt),
        (b"Bdsd", Sand),
        (b"Bdsr", Sand),
        (b"Bflr", Rock),
        (b"Bgrr", Grass),
        // Felwood: _Dirt, _DirtRough, _Poison, _Rock, _Vines, _Grass,
        // _Leaves.
        (b"Cdrd", RoughDirt),
        (b"Cdrt", Dirt),
        (b"Cgrs", Grass),
        (b"Clvg", Leaves),
        (b"Cpos", Poison),
        (b"Crck", Rock),
        (b"Cvin", DarkGrass),
        // Dungeon: Cave_Dirt, _Brick, _RedStones, _LavaCracks, _Lava,
        // _DarkRocks, _GreyStones, _SquareTiles.
        (b"Dbrk", Paving),
        (b"Ddkr", DarkStone),
        (b"Ddrt", Dirt),
        (b"Dgrs", Paving),
        (b"Dlav", Lava),
        (b"Dlvc", Lava),
        (b"Drds", Paving),
        (b"Dsqd", Paving),
        // Lordaeron Fall: Lordf_Dirt, _DirtRough, _DirtGrass, _Rock,
        // _Grass, _GrassDark.
        (b"Fdrg", GrassyDirt),
        (b"Fdro", RoughDirt),
        (b"Fdrt", Dirt),
        (b"Fgrd", DarkGrass),
        (b"Fgrs", Grass),
        (b"Frok", Rock),
        // Underground (Dungeon2): GDirt, GBrick, GRedStones, GLavaCracks,
        // GLava, GDrakRocks, GGreyStones, GSquareTiles.
        (b"Gbrk", Paving),
        (b"Gdkr", DarkStone),
        (b"Gdrt", Dirt),
        (b"Ggrs", Paving),
        (b"Glav", Lava),
        (b"Glvc", Lava),
        (b"Grds", Paving),
        (b"Gsqd", Paving),
        // Icecrown Glacier: Ice_Dirt, _DirtRough, _DarkIce, _BlackBricks,
        // _RuneBricks, _TiledBricks, _Ice, _BlackSquares, _Snow.
        (b"Ibkb", DarkStone),
        (b"Ibsq", DarkStone),
        (b"Idki", Ice),
        (b"Idrt", Dirt),
        (b"Idtr", RoughDirt),
        (b"Iice", Ice),
        (b"Irbk", Paving),
        (b"Isnw", Snow),
        (b"Itbk", Paving),
        // Dalaran Ruins: DRuins_Dirt, _DirtRough, _BlackMarble,
        // _BrickTiles, _SquareTiles, _RoundTiles, _Grass, _GrassTrim,
        // _WhiteMarble.
        (b"Jblm", DarkStone),
        (b"Jbtl", Paving),
        (b"Jdrt", Dirt),
        (b"Jdtr", RoughDirt),
        (b"Jgsb", Grass),
        (b"Jhdg", DarkGrass),
        (b"Jrtl", Paving),
        (b"Jsqd", Paving),
        (b"Jwmb", LightStone),
        // Black Citadel: Citadel_Dirt, _DirtLight, _RoughDirt,
        // _FlatStones, _SmallBricks, _LargeBricks, _SquareTiles,
        // _DarkTiles.
        (b"Kdkt", DarkStone),
        (b"Kdrt", Dirt),
        (b"Kdtr", RoughDirt),
        (b"Kfsl", Dirt),
        (b"Kfst", Paving),
        (b"Klgb", Paving),
        (b"Ksmb", Paving),
        (b"Ksqt", Paving),
        // Lordaeron Summer: Lords_Dirt, _DirtRough, _DirtGrass, _Rock,
        // _Grass, _GrassDark.
        (b"Ldrg", GrassyDirt),
        (b"Ldro", RoughDirt),
        (b"Ldrt", Dirt),
        (b"Lgrd", DarkGrass),
        (b"Lgrs", Grass),
        (b"Lrok", Rock),
        // Northrend: North_dirt, _dirtdark, _rock, _Grass, _ice, _Snow,
        // _SnowRock.
        (b"Ndrd", RoughDirt),
        (b"Ndrt", Dirt),
        (b"Ngrs", Grass),
        (b"Nice", Ice),
        (b"Nrck", Rock),
        (b"Nsnr", PatchySnow),
        (b"Nsnw", Snow),
        // Outland: Outland_Dirt, _DirtLight, _RoughDirt, _DirtCracks,
        // _FlatStones, _Rock, _FlatStonesLight, _Abyss.
        (b"Oaby", Abyss),
        (b"Odrt", Dirt),
        (b"Odtr", Dirt),
        (b"Ofsl", Paving),
        (b"Ofst", RoughDirt),
        (b"Olgb", Paving),
        (b"Orok", Rock),
        (b"Osmb", RoughDirt),
        // Village Fall: VillageFall_Dirt, _DirtRough, _Crops, _CobblePath,
        // _StonePath, _GrassShort, _Rocks, _GrassThick.
        (b"Qcbp", Paving),
        (b"Qcrp", Crops),
        (b"Qdrr", RoughDirt),
        (b"Qdrt", Dirt),
        (b"Qgrs", Grass),
        (b"Qgrt", DarkGrass),
        (b"Qrck", Rock),
        (b"Qstp", Paving),
        // Village: Village_Dirt, _DirtRough, _Crops, _CobblePath,
        // _StonePath, _GrassShort, _Rocks, _GrassThick.
        (b"Vcbp", Paving),
        (b"Vcrp", Crops),
        (b"Vdrr", RoughDirt),
        (b"Vdrt", Dirt),
        (b"Vgrs", Grass),
        (b"Vgrt", DarkGrass),
        (b"Vrck", Rock),
        (b"Vstp", Paving),
        // Lordaeron Winter: Lordw_Dirt, _DirtRough, _SnowGrass, _Rock,
        // _Grass, _Snow.
        (b"Wdro", RoughDirt),
        (b"Wdrt", Dirt),
        (b"Wgrs", Grass),
        (b"Wrok", Rock),
        (b"Wsng", PatchySnow),
        (b"Wsnw", Snow),
        // Dalaran: Dalaran_Dirt, _DirtRough, _BlackMarble, _BrickTiles,
        // _SquareTiles, _RoundTiles, _Grass, _GrassTrim, _WhiteMarble.
        (b"Xblm", DarkStone),
        (b"Xbtl", Paving),
        (b"Xdrt", Dirt),
        (b"Xdtr", RoughDirt),
        (b"Xgsb", Grass),
        (b"Xhdg", DarkGrass),
        (b"Xrtl", Paving),
        (b"Xsqd", Paving),
        (b"Xwmb", LightStone),
        // Cityscape: City_Dirt, _DirtRough, _BlackMarble, _BrickTiles,
        // _SquareTiles, _RoundTiles, _Grass, _GrassTrim, _WhiteMarble.
        (b"Yblm", DarkStone),
        (b"Ybtl", Paving),
        (b"Ydrt", Dirt),
        (b"Ydtr", RoughDirt),
        (b"Ygsb", Grass),
        (b"Yhdg", DarkGrass),
        (b"Yrtl", Paving),
        (b"Ysqd", Paving),
        (b"Ywmb", LightStone),
        // Sunken Ruins: Ruins_Dirt, _DirtRough, _DirtGrass, _SmallBricks,
        // _Sand, _LargeBricks, _RoundTiles, _Grass, _GrassDark.
        (b"Zbkl", Paving),
        (b"Zbks", Paving),
        (b"Zdrg", GrassyDirt),
        (b"Zdrt", Dirt),
        (b"Zdtr", RoughDirt),
        (b"Zgrs", Grass),
        (b"Zsan", Sand),
        (b"Ztil", Paving),
        (b"Zvin", DarkGrass),
    ]
};

/// The material of a standard ground ID; `None` for anything else (cliff
/// textures used as ground, `cLc1`, and custom IDs).
pub fn ground_kind(id: &[u8; 4]) -> Option<Kind> {
    GROUND.iter().find(|(k, _)| *k == id).map(|(_, kind)| *kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_standard_id_once_and_names_that_mislead_are_read_by_their_file() {
        let all: Vec<&[u8; 4]> = GROUND.iter().map(|r| r.0).collect();
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), all.len(), "no ID twice");
        // Eighteen tilesets, each with its own IDs.
        let mut tilesets: Vec<u8> = all.iter().map(|id| id[0]).collect();
        tilesets.dedup();
        assert_eq!(tilesets.len(), 18);
        assert_eq!(ground_kind(b"Nsnw"), Some(Kind::Snow));
        assert_eq!(ground_kind(b"Dgrs"), Some(Kind::Paving), "grey stones");
        assert_eq!(ground_kind(b"Bdrr"), Some(Kind::RoughDirt), "pebbles");
        assert_eq!(ground_kind(b"Xblm"), Some(Kind::DarkStone));
        assert_eq!(ground_kind(b"cLc1"), None);
        assert_eq!(ground_kind(b"Lzzz"), None);
        // Hand-made colours read as their material: snow brighter than
        // dirt, grass greener than red, black marble dark.
        let sum = |c: [u8; 3]| c.iter().map(|&v| v as u32).sum::<u32>();
        assert!(sum(Kind::Snow.hand_made()) > 2 * sum(Kind::Dirt.hand_made()));
        let g = Kind::Grass.hand_made();
        assert!(g[1] > g[0] && g[1] > g[2]);
        assert!(sum(Kind::DarkStone.hand_made()) < 150);
    }
}
