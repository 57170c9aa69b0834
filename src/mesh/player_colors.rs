//! The game's player colours: what Warcraft III paints a player's units
//! and start location with. A palette of its own, apart from the objects
//! that use it (`objects.rs`: units by owner) and the kinds (a start
//! location's spawn box), so neither reaches into the other for it.

/// The game's player colours, player 1 (index 0) first.
pub const PLAYER_COLORS: [[u8; 3]; 24] = [
    [255, 3, 3],
    [0, 66, 255],
    [28, 230, 185],
    [84, 0, 129],
    [255, 252, 1],
    [254, 138, 14],
    [32, 192, 0],
    [229, 91, 176],
    [149, 150, 151],
    [126, 191, 241],
    [16, 98, 70],
    [78, 42, 4],
    [155, 0, 0],
    [0, 0, 195],
    [0, 234, 255],
    [190, 0, 254],
    [235, 205, 135],
    [248, 164, 139],
    [191, 255, 128],
    [220, 185, 235],
    [40, 40, 40],
    [235, 240, 255],
    [0, 120, 30],
    [164, 111, 51],
];

/// Player `index`'s colour (0 is player 1), where the game has one.
pub fn player_color(index: usize) -> Option<[u8; 3]> {
    PLAYER_COLORS.get(index).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_one_and_two_are_red_and_blue_and_no_colour_repeats() {
        assert_eq!(player_color(0), Some([255, 3, 3]));
        assert_eq!(player_color(1), Some([0, 66, 255]));
        assert_eq!(player_color(PLAYER_COLORS.len()), None);
        for (i, a) in PLAYER_COLORS.iter().enumerate() {
            assert!(
                !PLAYER_COLORS[..i].contains(a),
                "player {} repeats a colour",
                i + 1
            );
        }
    }
}
