//! Checks on loaded content: counts, ids, squares, groups, links and powers, each failure naming the card.

use super::content::*;

fn err<T>(msg: String) -> Result<T, ContentError> {
    Err(ContentError(msg))
}

/// "there is 1 `what`" or "there are `n` `what`s", with `what` given in both numbers.
fn there_are(n: usize, one: &str, many: &str) -> String {
    let verb = crate::words::noun(n as i64, "is", "are");
    format!("there {verb} {}", crate::words::count(n as i64, one, many))
}

/// Check the whole content.
pub(super) fn content(c: &Content) -> Result<(), ContentError> {
    let decks = c.foundation.decks;
    if decks.total() != ROOM_COUNT {
        return err(format!(
            "foundation board: the decks hold {} + {} + {} + {} = {} rooms, which does not add up to {ROOM_COUNT}",
            decks.jumbo,
            decks.large,
            decks.medium,
            decks.small,
            decks.total()
        ));
    }
    rooms(&c.rooms, decks)?;
    characters(&c.characters)?;
    invaders(&c.invaders)?;
    let f = &c.foundation;
    if f.spaces == 0 || f.spaces as usize > decks.jumbo as usize {
        return err(format!(
            "foundation board: {} jumbo spaces; it needs 1 to {}",
            f.spaces, decks.jumbo
        ));
    }
    if !f.sizes.contains(&Size::Jumbo) {
        return err("foundation board: jumbo rooms must be allowed on the foundation".into());
    }
    if f.invaders_per_turn == 0 || f.invaders_per_turn > 10 {
        return err(format!(
            "foundation board: {} invaders a turn; it needs 1 to 10",
            f.invaders_per_turn
        ));
    }
    if !(2..=4).contains(&f.beacon_height) {
        return err(format!(
            "foundation board: a beacon of {} cannot be stacked (2 to 4)",
            crate::words::count(f.beacon_height as i64, "room", "rooms")
        ));
    }
    let d = &c.difficulty;
    if d.levels.is_empty() {
        return err("difficulty track: no levels".into());
    }
    for (i, l) in d.levels.iter().enumerate() {
        if l.level == 0 || l.level > SHIELD_CUBES {
            return err(format!(
                "difficulty track: level {} needs 1 to {SHIELD_CUBES} shield cubes",
                l.level
            ));
        }
        if l.assist_dealt.len() > 8 {
            return err(format!(
                "difficulty track: level {} deals {} rooms to the supply (at most 8)",
                l.level,
                l.assist_dealt.len()
            ));
        }
        if i > 0 && d.levels[i - 1].level >= l.level {
            return err(format!(
                "difficulty track: level {} is out of order or repeated",
                l.level
            ));
        }
    }
    if !d.levels.iter().any(|l| l.level == d.standard) {
        return err(format!(
            "difficulty track: the standard level {} is not on the track",
            d.standard
        ));
    }
    Ok(())
}

fn rooms(rooms: &[RoomCard], decks: DeckSizes) -> Result<(), ContentError> {
    for (i, r) in rooms.iter().enumerate() {
        if r.id as usize != i {
            return err(format!(
                "room '{}' is listed at position {i} but has id {}: ids count up from 0",
                r.name, r.id
            ));
        }
        room(r)?;
    }
    for size in Size::ALL {
        let n = rooms.iter().filter(|r| r.size == size).count();
        if n != decks.of(size) {
            return err(format!(
                "{}, not {}",
                there_are(
                    n,
                    &format!("{} room", size.name()),
                    &format!("{} rooms", size.name())
                ),
                decks.of(size)
            ));
        }
    }
    if rooms.len() != ROOM_COUNT {
        return err(format!(
            "the rooms add up to {}, not {ROOM_COUNT}",
            rooms.len()
        ));
    }
    Ok(())
}

fn die_value(v: u8) -> bool {
    (1..=6).contains(&v)
}

/// The values a die on square `i` could ever show, following links; `Err` names a cycle.
fn possible(r: &RoomCard, i: usize, seen: &mut Vec<usize>) -> Result<Vec<u8>, ContentError> {
    if seen.contains(&i) {
        return err(format!(
            "room '{}': the links from square {i} form a cycle",
            r.name
        ));
    }
    seen.push(i);
    let out = match r.squares[i] {
        Constraint::Any => (1..=6).collect(),
        Constraint::Exact(v) => vec![v],
        Constraint::Range(a, b) => (a..=b).collect(),
        Constraint::Linked { to, modifier } => possible(r, to as usize, seen)?
            .into_iter()
            .filter_map(|v| modifier.apply(v))
            .collect(),
    };
    Ok(out)
}

fn room(r: &RoomCard) -> Result<(), ContentError> {
    if r.name.trim().is_empty() {
        return err(format!("room {} has no name", r.id));
    }
    if r.element == RoomElement::White && !r.crystal {
        return err(format!(
            "room '{}': a white room must show an ice crystal",
            r.name
        ));
    }
    if r.squares.len() > 12 {
        return err(format!(
            "room '{}' has {} pillar squares; at most 12 fit on a card",
            r.name,
            r.squares.len()
        ));
    }
    for (i, c) in r.squares.iter().enumerate() {
        match *c {
            Constraint::Any => {}
            Constraint::Exact(v) if !die_value(v) => {
                return err(format!(
                    "room '{}': square {i} asks for {v}, which no die shows",
                    r.name
                ));
            }
            Constraint::Range(a, b) if !die_value(a) || !die_value(b) || a > b => {
                return err(format!(
                    "room '{}': square {i} has the impossible range {a}-{b}",
                    r.name
                ));
            }
            Constraint::Linked { to, modifier } => {
                if to as usize >= r.squares.len() {
                    return err(format!(
                        "room '{}': square {i} is linked to square {to}, which the room does not have",
                        r.name
                    ));
                }
                if to as usize == i {
                    return err(format!("room '{}': square {i} is linked to itself", r.name));
                }
                if let Modifier::Times(0) = modifier {
                    return err(format!("room '{}': square {i} multiplies by 0", r.name));
                }
            }
            _ => {}
        }
    }
    for i in 0..r.squares.len() {
        if possible(r, i, &mut Vec::new())?.is_empty() {
            return err(format!(
                "room '{}': no die can ever go on square {i}",
                r.name
            ));
        }
    }
    let mut used = vec![false; r.squares.len()];
    for (g, group) in r.groups.iter().enumerate() {
        if group.squares.is_empty() {
            return err(format!("room '{}': pillar group {g} is empty", r.name));
        }
        if group.size >= r.size {
            return err(format!(
                "room '{}': pillar group {g} is for a {} room, but only smaller rooms fit on a {} room",
                r.name,
                group.size.name(),
                r.size.name()
            ));
        }
        for &s in &group.squares {
            let Some(u) = used.get_mut(s as usize) else {
                return err(format!(
                    "room '{}': pillar group {g} refers to square {s}, which the room does not have",
                    r.name
                ));
            };
            if *u {
                return err(format!(
                    "room '{}': square {s} is in two pillar groups",
                    r.name
                ));
            }
            *u = true;
        }
    }
    Ok(())
}

fn power(card: &str, p: &Power) -> Result<(), ContentError> {
    if p.text.trim().is_empty() {
        return err(format!("{card}: a power has no text"));
    }
    if p.effects.is_empty() {
        return err(format!("{card}: the power '{}' does nothing", p.text));
    }
    if p.effects.len() > 6 || p.cost.len() > 3 {
        return err(format!(
            "{card}: the power '{}' has more than 6 effects or 3 costs",
            p.text
        ));
    }
    for c in &p.cost {
        if let Cost::Die(a, b) = *c
            && (!die_value(a) || !die_value(b) || a > b)
        {
            return err(format!(
                "{card}: the power '{}' costs a die of {a}-{b}, which no die shows",
                p.text
            ));
        }
    }
    verbs(card, &p.effects)
}

/// The most rooms a power may look at, and the most pips it may change a die by (the content's
/// limit, and a position's: `agreement`).
pub(super) const MOST_LOOKED_OR_CHANGED: u8 = 5;

fn verbs(card: &str, effects: &[Verb]) -> Result<(), ContentError> {
    let most = MOST_LOOKED_OR_CHANGED;
    for v in effects {
        match *v {
            Verb::LookRooms(n) if !(1..=most).contains(&n) => {
                return err(format!(
                    "{card}: looking at {n} rooms is not allowed (1-{most})"
                ));
            }
            Verb::AdjustDie(n) if !(1..=most).contains(&n) => {
                return err(format!(
                    "{card}: changing a die by {n} is not allowed (1-{most})"
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

fn trait_cards(kind: &str, cards: &[TraitCard], count: usize) -> Result<(), ContentError> {
    if cards.len() != count {
        return err(format!(
            "{}, not {count}",
            there_are(
                cards.len(),
                &format!("{kind} card"),
                &format!("{kind} cards")
            )
        ));
    }
    for (i, c) in cards.iter().enumerate() {
        let label = format!("{kind} card '{}'", c.name);
        if c.id as usize != i {
            return err(format!(
                "{label} is listed at position {i} but has id {}",
                c.id
            ));
        }
        if c.dice > 3 {
            return err(format!("{label} shows {} dice; at most 3", c.dice));
        }
        if c.powers.is_empty() {
            return err(format!("{label} has no power"));
        }
        for p in &c.powers {
            power(&label, p)?;
        }
    }
    Ok(())
}

fn characters(c: &Characters) -> Result<(), ContentError> {
    let n = c.counts;
    let total = n.names as usize + n.abilities as usize + n.classes as usize;
    if total != CHARACTER_COUNT {
        return err(format!(
            "character decks: {} names + {} abilities + {} classes = {total} cards, which does not add up to {CHARACTER_COUNT}",
            n.names, n.abilities, n.classes
        ));
    }
    if n.names < 4 || n.abilities < 12 || n.classes < 4 {
        return err(
            "character decks: four players need 4 names, 12 abilities and 4 classes".into(),
        );
    }
    if c.names.len() != n.names as usize {
        return err(format!(
            "{}, not {}",
            there_are(c.names.len(), "name card", "name cards"),
            n.names
        ));
    }
    for (i, n) in c.names.iter().enumerate() {
        let label = format!("name card '{}'", n.name);
        if n.id as usize != i {
            return err(format!(
                "{label} is listed at position {i} but has id {}",
                n.id
            ));
        }
        if !n.starting.title.trim_end().ends_with("the") {
            return err(format!(
                "{label}: the starting side's title must end in \"the\""
            ));
        }
        for side in [&n.starting, &n.advanced] {
            if side.dice == 0 || side.dice > 3 {
                return err(format!("{label} shows {} dice; 1 to 3", side.dice));
            }
            for p in &side.powers {
                power(&label, p)?;
            }
        }
        if n.starting.powers.is_empty()
            || n.advanced.powers.len() <= n.starting.powers.len()
            || n.advanced.powers[..n.starting.powers.len()] != n.starting.powers[..]
        {
            return err(format!(
                "{label}: the advanced side must repeat the starting power and add another"
            ));
        }
    }
    trait_cards("ability", &c.abilities, n.abilities as usize)?;
    trait_cards("class", &c.classes, n.classes as usize)?;
    Ok(())
}

fn invaders(cards: &[InvaderCard]) -> Result<(), ContentError> {
    for (i, c) in cards.iter().enumerate() {
        let label = format!("invader card '{}'", c.beacon_name);
        if c.id as usize != i {
            return err(format!(
                "{label} is listed at position {i} but has id {}",
                c.id
            ));
        }
        verbs(&label, &c.immediately)?;
        power(&label, &c.ability)?;
        if c.extra_invaders > 3 {
            return err(format!(
                "{label} adds {} invaders a turn; at most 3",
                c.extra_invaders
            ));
        }
    }
    for e in Element::ALL {
        let n = cards.iter().filter(|c| c.element == e).count();
        if n != INVADER_CARDS_PER_ELEMENT {
            return err(format!(
                "{}, not {INVADER_CARDS_PER_ELEMENT}",
                there_are(
                    n,
                    &format!("{} invader card", e.name()),
                    &format!("{} invader cards", e.name())
                )
            ));
        }
    }
    Ok(())
}
